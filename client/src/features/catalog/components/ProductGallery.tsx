import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Icon } from '../../../components/icons';
import { pictureName, stepPicture, swipeStep } from '../gallery';
import { galleryImages } from '../pricing';
import type { Product } from '../types';
import { PictureZoom } from './PictureZoom';
import styles from './ProductGallery.module.css';

/**
 * The product's pictures: a large 3:4 stage and a row of thumbnails to switch between them.
 * A finger swipes across the stage to the next or previous picture (the picture follows it),
 * the arrow keys step while the stage or a thumbnail has focus, and a click or a tap opens the
 * pictures full window, to zoom (PictureZoom; in the product page's and quick view's chunk,
 * never the listing's: a lazy chunk of its own added its name to the listing's preload map).
 */
export function ProductGallery({
  product,
  soldOut = false,
  eager = true,
}: {
  product: Pick<Product, '_id' | 'thumbnail' | 'images' | 'productName'>;
  soldOut?: boolean;
  eager?: boolean;
}) {
  const images = galleryImages(product);
  const count = images.length;
  const [index, setIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const [drag, setDrag] = useState(0);
  const start = useRef<{ id: number; x: number; y: number; at: number; width: number } | null>(null);
  const dragged = useRef(false);
  const thumbs = useRef<HTMLUListElement>(null);
  useEffect(() => setIndex(0), [product._id]);
  const shown = Math.min(index, Math.max(count - 1, 0));
  const current = images[shown];

  function show(next: number, focusThumb = false) {
    setIndex(next);
    if (focusThumb) thumbs.current?.querySelectorAll('button')[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, focusThumb: boolean) {
    if (count < 2 || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    event.preventDefault();
    show(stepPicture(shown, event.key === 'ArrowRight' ? 1 : -1, count), focusThumb);
  }

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    dragged.current = false;
    if (event.pointerType === 'mouse' || count < 2) return;
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp, width: event.currentTarget.clientWidth };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > 8 && Math.abs(dx) > Math.abs(event.clientY - from.y)) dragged.current = true;
    if (dragged.current) setDrag(dx);
  }

  function onPointerEnd(event: PointerEvent<HTMLElement>) {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    start.current = null;
    setDrag(0);
    const step = event.type === 'pointerup' ? swipeStep(event.clientX - from.x, event.clientY - from.y, event.timeStamp - from.at, from.width) : 0;
    if (step !== 0) show(stepPicture(shown, step, count));
  }

  return (
    <div className={styles.gallery}>
      <div className={styles.main} data-sold-out={soldOut || undefined}>
        {current && (
          <img
            key={current}
            src={current}
            alt={pictureName(product.productName, shown, count)}
            width={600}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            draggable={false}
            data-dragging={drag !== 0 || undefined}
            style={drag !== 0 ? { transform: `translateX(${drag}px)` } : undefined}
          />
        )}
        {count > 0 && (
          <button
            type="button"
            className={styles.zoom}
            aria-label={`Zoom in on picture ${shown + 1} of ${count}`}
            aria-haspopup="dialog"
            onClick={() => {
              if (!dragged.current) setZoomed(true);
              dragged.current = false;
            }}
            onKeyDown={(event) => onKeyDown(event, false)}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
          >
            <span className={styles.zoomBadge} aria-hidden="true">
              <Icon size={18}>
                <circle cx="10.5" cy="10.5" r="6" />
                <path d="m15 15 5 5M10.5 8v5M8 10.5h5" />
              </Icon>
            </span>
          </button>
        )}
      </div>
      {count > 1 && (
        <ul ref={thumbs} className={styles.thumbs} aria-label="Pictures">
          {images.map((image, at) => (
            <li key={image}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={at === shown}
                aria-label={`Show picture ${at + 1} of ${count}`}
                onClick={() => show(at)}
                onKeyDown={(event) => onKeyDown(event, true)}
              >
                <img src={image} alt="" width={60} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {zoomed && (
        <PictureZoom
          images={images}
          productName={product.productName}
          start={shown}
          onClose={(at) => {
            setIndex(at);
            setZoomed(false);
          }}
        />
      )}
    </div>
  );
}
