import type { ReactNode } from 'react';
import styles from './PageContainer.module.css';

/** Centres page content at the shop's reading width, with the side padding of the breakpoint. */
export function PageContainer({
  children,
  narrow = false,
  as: Element = 'div',
}: {
  children: ReactNode;
  narrow?: boolean;
  as?: 'div' | 'article' | 'section';
}) {
  return <Element className={[styles.container, narrow ? styles.narrow : ''].join(' ').trim()}>{children}</Element>;
}
