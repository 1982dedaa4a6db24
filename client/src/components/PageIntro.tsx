import type { ReactNode } from 'react';
import styles from './PageIntro.module.css';

/** The opening of a content page: a small eyebrow, the page heading and a lede. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className={styles.intro}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h1 className={styles.title}>{title}</h1>
      {children && <p className={styles.lede}>{children}</p>}
      <hr className={styles.rule} />
    </header>
  );
}
