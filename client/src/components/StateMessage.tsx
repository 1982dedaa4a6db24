import type { ReactNode } from 'react';
import styles from './StateMessage.module.css';

/** A calm message in place of content: nothing to show, or something went wrong. */
export function StateMessage({
  title,
  detail,
  tone = 'neutral',
  children,
  headingLevel = 2,
}: {
  title: string;
  detail?: ReactNode;
  tone?: 'neutral' | 'error';
  children?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={[styles.state, styles[tone]].join(' ')} role={tone === 'error' ? 'alert' : undefined}>
      <span className={styles.mark} aria-hidden="true" />
      <Heading className={styles.title}>{title}</Heading>
      {detail && <p className={styles.detail}>{detail}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
