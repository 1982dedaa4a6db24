// The product's declarations (Legal Metrology rule 6(10); issue 23): who made or markets it and
// where, the country of origin, the generic name, the net quantity, the MRP inclusive of all
// taxes and consumer care, as its label states them. The server fills them (the product's own
// over the company's); a product read from a listing has none yet and shows nothing.
import { formatRupees } from '../../../lib/money';
import type { Declarations } from '../types';
import styles from './ProductDeclarations.module.css';

export function ProductDeclarations({ declarations }: { declarations?: Declarations }) {
  if (!declarations) return null;
  const rows: [string, string][] = [
    ['Generic name', declarations.genericName],
    ['Net quantity', declarations.netQuantity],
    ['MRP', declarations.mrp > 0 ? `${formatRupees(declarations.mrp)} (inclusive of all taxes)` : ''],
    ['Country of origin', declarations.countryOfOrigin],
    ['Manufacturer / marketer', [declarations.makerName, declarations.makerAddress].filter(Boolean).join(', ')],
    ['Consumer care', declarations.consumerCare],
  ];
  return (
    <section className={styles.block} aria-labelledby="product-declarations" data-testid="product-declarations">
      <h2 id="product-declarations">Product details &amp; declarations</h2>
      <dl className={styles.list}>
        {rows
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
