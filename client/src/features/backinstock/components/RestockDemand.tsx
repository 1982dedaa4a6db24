// The back office's product page: how many shoppers wait for each sold-out size to come back
// (GET /api/admin/products/{id}/restock-alerts).
import { useRestockDemandQuery } from '../api';
import styles from './RestockAlertForm.module.css';

export function RestockDemand({ productId }: { productId: string }) {
  const { data, isError } = useRestockDemandQuery(productId);
  if (isError) return <p className={styles.error}>The back-in-stock requests could not be loaded.</p>;
  if (!data) return null;
  return (
    <section className={styles.demand} aria-label="Waiting for sizes to come back">
      <h3 className={styles.title}>Waiting for a size to come back</h3>
      {data.length === 0 ? (
        <p className={styles.text}>Nobody is waiting.</p>
      ) : (
        <ul className={styles.list}>
          {data.map((d) => (
            <li key={d.size}>
              Size <strong>{d.size}</strong>: {d.waiting} {d.waiting === 1 ? 'shopper' : 'shoppers'} waiting, since{' '}
              {new Date(d.oldest).toLocaleDateString('en-IN', { day: 'numeric', month: 'short' })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
