import type { ReactNode } from 'react';
import type { Sale } from '../types';
import styles from './SaleHero.module.css';

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Flat 20% off Formal Shirts and Formal Trousers for Men." */
export function saleSummary(sale: Sale): string {
  const names = (sale.subCategories ?? []).map((subCategory) => subCategory.categoryType?.trim()).filter(Boolean);
  const collection = sale.categoryData?.categoryType?.trim();
  const what = names.length > 0 ? ` ${joinNames(names)}` : collection && collection !== 'All' ? ` the ${collection} collection` : ' everything';
  const gender = sale.gender?.trim();
  const who = gender && gender.toLowerCase() !== 'all' ? ` for ${gender}` : '';
  return `Flat ${sale.discount}% off${what}${who}.`;
}

/**
 * The sale page's opening: the sale's banner (the mobile picture under 640 px), its name and
 * what it covers; `children` sits on the right (the product count).
 */
export function SaleHero({ sale, children }: { sale: Sale; children?: ReactNode }) {
  const desktop = sale.image || sale.mobileIamge;
  const mobile = sale.mobileIamge || sale.image;
  return (
    <header className={styles.hero}>
      {desktop && (
        <picture className={styles.picture}>
          {mobile && <source media="(max-width: 640px)" srcSet={mobile} />}
          <img src={desktop} alt={`${sale.saleName}: flat ${sale.discount}% off`} className={styles.image} />
        </picture>
      )}
      <div className={styles.text}>
        <div>
          <h1 className={styles.title}>{sale.saleName}</h1>
          <p className={styles.lede}>{saleSummary(sale)} Prices below include the sale.</p>
        </div>
        {children && <div className={styles.aside}>{children}</div>}
      </div>
    </header>
  );
}
