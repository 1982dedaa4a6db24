import { useId, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { RulerIcon } from '../../../components/moreIcons';
import styles from './SizeChartButton.module.css';

/** SPEC §9: a fallback size chart when a product has none. */
export const fallbackSizeChart = '/static/size-chart.svg';

/** 'Size chart': opens the product's size chart image over the page. */
export function SizeChartButton({ image, productName }: { image: string; productName: string }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => setOpen(true)}>
        <RulerIcon size={18} />
        Size chart
      </button>
      {open && (
        <Dialog labelledBy={titleId} onClose={() => setOpen(false)} className={styles.panel} closeLabel="Close size chart">
          <div className={styles.body}>
            <h2 id={titleId} className={styles.title}>
              Size chart
            </h2>
            <p className={styles.subtitle}>{productName}</p>
            <img
              className={styles.image}
              src={image || fallbackSizeChart}
              alt={`Size chart for ${productName}`}
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(fallbackSizeChart)) event.currentTarget.src = fallbackSizeChart;
              }}
            />
          </div>
        </Dialog>
      )}
    </>
  );
}
