import { useEffect, useState } from 'react';
import { galleryImages } from '../pricing';
import type { Product } from '../types';
import styles from './ProductGallery.module.css';

/** The product's pictures: a large 3:4 image and a row of thumbnails to switch between them. */
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
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [product._id]);
  const current = images[Math.min(index, images.length - 1)];

  return (
    <div className={styles.gallery}>
      <div className={styles.main} data-sold-out={soldOut || undefined}>
        {current && (
          <img
            src={current}
            alt={images.length > 1 ? `${product.productName}, picture ${index + 1} of ${images.length}` : product.productName}
            width={600}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Pictures">
          {images.map((image, at) => (
            <li key={image}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={at === index}
                aria-label={`Show picture ${at + 1} of ${images.length}`}
                onClick={() => setIndex(at)}
              >
                <img src={image} alt="" width={60} height={80} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
