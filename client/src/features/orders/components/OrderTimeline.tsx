// The order's milestones as a vertical list: the ones reached with their date and time in India,
// the one the order is at marked with the courier's latest word, the rest to come in grey, a
// cancellation in red.
import { formatDate } from '../status';
import { timelineSteps } from '../timeline';
import type { TimelineEntry } from '../types';
import styles from './Orders.module.css';

const stateWords = { done: 'Done', current: 'Current step', upcoming: 'Still to come', cancelled: 'Cancelled' } as const;

export function OrderTimeline({ timeline, orderStatus }: { timeline: TimelineEntry[]; orderStatus: string }) {
  const steps = timelineSteps(timeline, orderStatus);
  return (
    <ol className={styles.timeline} aria-label="Order progress">
      {steps.map((step) => (
        <li key={step.key} className={styles.step} data-state={step.state} aria-current={step.state === 'current' ? 'step' : undefined}>
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.stepText}>
            <span className={styles.stepLabel}>{step.label}</span>
            <span className="visually-hidden">, {stateWords[step.state]}</span>
            {step.detail && <span className={styles.stepDetail}>{step.detail}</span>}
            {step.at && <time dateTime={step.at}>{formatDate(step.at, true)}</time>}
          </span>
        </li>
      ))}
    </ol>
  );
}
