import type { ReactNode } from 'react';
import styles from './ErrorView.module.css';

export function ErrorView({
  eyebrow,
  title,
  detail,
  children,
}: {
  eyebrow?: string;
  title: string;
  detail: string;
  children?: ReactNode;
}) {
  return (
    <section className={styles.view} aria-labelledby="error-title">
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.detail}>{detail}</p>
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
