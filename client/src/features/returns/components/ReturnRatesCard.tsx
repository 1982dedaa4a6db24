// The analytics page's returns card: of the orders placed in the chosen days, the products most
// asked back, each with its return rate (units asked back of units delivered), its sizes' rates
// and its reasons, and the reasons over all products.
import { useId } from 'react';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useGetReturnRatesQuery } from '../admin/api';
import type { ProductReturnRate } from '../admin/types';
import styles from './ReturnRatesCard.module.css';

const percent = (rate: number) => `${rate.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;

export function ReturnRatesCard({ startDate, endDate }: { startDate: string; endDate: string }) {
  const titleId = useId();
  const { data, isLoading, isFetching, isError, refetch } = useGetReturnRatesQuery({ startDate, endDate });
  const top = Math.max(1, ...(data?.reasons ?? []).map((r) => r.units));
  return (
    <section className={styles.card} aria-labelledby={titleId} aria-busy={isFetching || undefined}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Returns by product, size and reason
        </h2>
        <p className={styles.lede}>Units asked back of units delivered, for orders placed in these days.</p>
      </header>
      {isLoading ? (
        <p className={styles.state}>
          <Spinner size={16} /> Loading the return rates…
        </p>
      ) : isError || !data ? (
        <div className={styles.state} role="alert">
          The return rates could not be loaded.{' '}
          <Button variant="quiet" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data.products.length === 0 ? (
        <p className={styles.state}>Nothing was asked back from the orders of these days.</p>
      ) : (
        <div className={styles.body}>
          <table className={styles.table} aria-label="Return rate by product">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className={styles.sizesCell}>
                  By size
                </th>
                <th scope="col" className={styles.numeric}>
                  Returned
                </th>
                <th scope="col" className={styles.numeric}>
                  Rate
                </th>
              </tr>
            </thead>
            <tbody>
              {data.products.map((p) => (
                <tr key={p.productId}>
                  <th scope="row">
                    <span className={styles.name}>{p.productName}</span>
                    <span className={styles.reasons}>{p.reasons.map((r) => `${r.label} ${r.units}`).join(' · ')}</span>
                    <SizeRates sizes={p.sizes} className={styles.sizesInline} />
                  </th>
                  <td className={styles.sizesCell}>
                    <SizeRates sizes={p.sizes} />
                  </td>
                  <td className={styles.numeric}>
                    {p.returned} / {p.delivered}
                  </td>
                  <td className={styles.numeric}>
                    <strong>{percent(p.rate)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.reasonBars}>
            <h3 className={styles.subTitle}>Reasons</h3>
            <ul className={styles.reasonList} aria-label="Reasons, all products">
              {data.reasons.map((r) => (
                <li key={r.code} className={styles.reason}>
                  <span>{r.label}</span>
                  <span className={styles.bar} aria-hidden="true">
                    <span style={{ width: `${(r.units / top) * 100}%` }} />
                  </span>
                  <span className={styles.numeric}>{r.units}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}

function SizeRates({ sizes, className }: { sizes: ProductReturnRate['sizes']; className?: string }) {
  return (
    <ul className={[styles.sizes, className].filter(Boolean).join(' ')} aria-label="Rate by size">
      {sizes.map((s) => (
        <li key={s.size} title={`${s.returned} of ${s.delivered} in ${s.size}`}>
          <span className={styles.size}>{s.size}</span> {percent(s.rate)}
        </li>
      ))}
    </ul>
  );
}
