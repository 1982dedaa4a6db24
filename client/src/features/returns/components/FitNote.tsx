// The product page's fit note: "Runs small: most size returns asked for one size up" (or large,
// down) when enough shoppers' size returns point one way (internal/returns/fit.go has the
// threshold); nothing otherwise, and nothing while it loads or when it cannot.
import { useGetProductFitQuery } from '../fit';
import styles from './FitNote.module.css';

export function FitNote({ productId }: { productId: string }) {
  const { data } = useGetProductFitQuery(productId);
  if (!data?.note) return null;
  const [headline, ...rest] = data.note.split(':');
  const shoppers = data.runs === 'small' ? data.askedUp : data.askedDown;
  return (
    <aside className={styles.note} aria-label="Fit note" data-runs={data.runs}>
      <span className={styles.mark} aria-hidden="true">
        {data.runs === 'small' ? '↑' : '↓'}
      </span>
      <p>
        <strong>{headline}</strong>
        {rest.length > 0 && `:${rest.join(':')}`}
        <span className={styles.basis}>
          {' '}
          ({shoppers} of {data.sizeReturns} size returns)
        </span>
      </p>
    </aside>
  );
}
