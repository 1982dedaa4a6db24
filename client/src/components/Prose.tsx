import type { ReactNode } from 'react';
import styles from './Prose.module.css';

/** Long-form text (policies, brand story) set for comfortable reading. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={styles.prose}>{children}</div>;
}
