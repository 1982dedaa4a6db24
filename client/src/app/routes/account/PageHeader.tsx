import type { ReactNode, Ref } from 'react';
import styles from './AccountPage.module.css';

/** The top of an account page: a small eyebrow, the page's heading, a lede and actions beside it. */
export function PageHeader({
  eyebrow,
  title,
  children,
  actions,
  titleRef,
}: {
  eyebrow: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <header className={styles.header}>
      <div className={styles.headerText}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.title} ref={titleRef} tabIndex={-1}>
          {title}
        </h1>
        {children && <p className={styles.lede}>{children}</p>}
      </div>
      {actions && <div className={styles.headerActions}>{actions}</div>}
    </header>
  );
}
