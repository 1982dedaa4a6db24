// A value in a back-office table that may be longer than its column (a customer's name, an
// e-mail, a product): one line, cut with an ellipsis, and whole on hover and on focus (a cut
// value can be reached with Tab; its title says it too).
import { useLayoutEffect, useRef, useState, type HTMLAttributes } from 'react';
import styles from './Clipped.module.css';

/** Clipped is `text` on one line of its column, whole on hover and focus. */
export function Clipped({ text, className, ...rest }: { text: string } & Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'title' | 'tabIndex'>) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (node.matches(':hover, :focus')) return;
      setCut(node.scrollWidth > node.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [text]);
  return (
    // A cut value is reached with Tab so that a keyboard user can read it whole (issue 21): the
    // span is focusable only then, and its title and the tooltip say the whole value.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <span ref={ref} className={className ? `${styles.clip} ${className}` : styles.clip} title={text} tabIndex={cut ? 0 : undefined} {...rest}>
      {text}
    </span>
  );
}
