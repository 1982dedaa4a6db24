import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/icons';
import { clampPan, clickZoom, distance, pictureName, pinchZoom, stepPicture, swipeStep, zoomAt } from '../gallery';
import styles from './PictureZoom.module.css';

interface Point {
  x: number;
  y: number;
}

/**
 * A product's pictures full window: a click zooms in where it lands and the zoomed picture
 * follows the mouse; on a phone two fingers pinch it larger or smaller, one finger moves a
 * zoomed picture or swipes to the next, and a double tap zooms in and out. The arrow keys and
 * the buttons beside it step between pictures, Escape closes it (onClose gets the picture shown).
 */
export function PictureZoom({ images, productName, start, onClose }: { images: string[]; productName: string; start: number; onClose: (index: number) => void }) {
  const titleId = useId();
  const count = images.length;
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState<Point>({ x: 0, y: 0 });
  const [moving, setMoving] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ from: Point; at: number; scale: number; offset: Point; spread: number; moved: boolean } | null>(null);
  const lastTap = useRef(0);
  const indexRef = useRef(index);
  indexRef.current = index;

  function go(delta: number) {
    setIndex((current) => stepPicture(current, delta, count));
    setScale(1);
    setOffset({ x: 0, y: 0 });
  }

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (count < 2 || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
      event.preventDefault();
      go(event.key === 'ArrowRight' ? 1 : -1);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // go reads only setters and count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count]);

  function box() {
    const rect = stage.current?.getBoundingClientRect();
    return { left: rect?.left ?? 0, top: rect?.top ?? 0, width: rect?.width ?? 1, height: rect?.height ?? 1 };
  }

  function zoomTo(at: Point, to: number) {
    const { left, top, width, height } = box();
    setScale(to);
    setOffset(to > 1 ? zoomAt(at.x - left, at.y - top, to, width, height) : { x: 0, y: 0 });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    gesture.current = {
      from: { x: event.clientX, y: event.clientY },
      at: event.timeStamp,
      scale,
      offset,
      spread: points.length === 2 ? distance(points[0]!, points[1]!) : 0,
      moved: points.length > 1,
    };
    setMoving(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && pointers.current.size === 0) {
      // A zoomed picture follows the mouse: the point under it is the one shown there.
      if (scale > 1) zoomTo({ x: event.clientX, y: event.clientY }, scale);
      return;
    }
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    const g = gesture.current;
    const { width, height } = box();
    if (points.length === 2 && g.spread > 0) {
      const next = pinchZoom(g.scale, g.spread, distance(points[0]!, points[1]!));
      setScale(next);
      setOffset(clampPan(g.offset, next, width, height));
      g.moved = true;
      return;
    }
    const dx = event.clientX - g.from.x;
    const dy = event.clientY - g.from.y;
    if (Math.hypot(dx, dy) > 8) g.moved = true;
    if (g.scale > 1) setOffset(clampPan({ x: g.offset.x + dx, y: g.offset.y + dy }, g.scale, width, height));
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other moves the picture from here.
      const [rest] = [...pointers.current.values()];
      gesture.current = { from: rest!, at: event.timeStamp, scale, offset, spread: 0, moved: true };
      return;
    }
    gesture.current = null;
    setMoving(false);
    if (!g || event.type !== 'pointerup') return;
    const here = { x: event.clientX, y: event.clientY };
    if (g.moved) {
      if (g.scale === 1 && scale === 1) {
        const step = swipeStep(here.x - g.from.x, here.y - g.from.y, event.timeStamp - g.at, box().width);
        if (step !== 0) go(step);
      }
      return;
    }
    if (event.pointerType === 'mouse') {
      zoomTo(here, scale > 1 ? 1 : clickZoom);
      return;
    }
    // A double tap zooms in where it lands, or back out.
    if (event.timeStamp - lastTap.current < 320) {
      lastTap.current = 0;
      zoomTo(here, scale > 1 ? 1 : clickZoom);
    } else {
      lastTap.current = event.timeStamp;
    }
  }

  const zoomedIn = scale > 1;
  return (
    <Dialog labelledBy={titleId} onClose={() => onClose(indexRef.current)} className={styles.panel} closeLabel="Close the pictures">
      <h2 id={titleId} className="visually-hidden">
        Pictures of {productName}
      </h2>
      <div
        ref={stage}
        className={styles.stage}
        data-zoomed={zoomedIn || undefined}
        data-moving={moving || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid="picture-zoom-stage"
      >
        <img
          key={images[index]}
          src={images[index]}
          alt={pictureName(productName, index, count)}
          draggable={false}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
        />
      </div>
      <p className={styles.hint} aria-live="polite">
        {count > 1 && `${index + 1} / ${count} · `}
        {zoomedIn ? 'Click or double-tap to zoom out' : 'Click, double-tap or pinch to zoom'}
      </p>
      {count > 1 && (
        <>
          <button type="button" className={`${styles.step} ${styles.previous}`} aria-label="Previous picture" onClick={() => go(-1)}>
            <ChevronLeftIcon size={24} />
          </button>
          <button type="button" className={`${styles.step} ${styles.next}`} aria-label="Next picture" onClick={() => go(1)}>
            <ChevronRightIcon size={24} />
          </button>
          <ul className={styles.thumbs} aria-label="Pictures">
            {images.map((image, at) => (
              <li key={image}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-pressed={at === index}
                  aria-label={`Show picture ${at + 1} of ${count}`}
                  onClick={() => go(at - index)}
                >
                  <img src={image} alt="" width={45} height={60} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
