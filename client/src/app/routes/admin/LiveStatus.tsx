import type { ConnectionStatus } from '../../../lib/connection';
import styles from './LiveStatus.module.css';

const words: Record<ConnectionStatus, string> = { live: 'Live', connecting: 'Connecting', offline: 'Offline' };

/**
 * The back office bar's word on the realtime socket (lib/connection.ts): a green, softly pulsing
 * dot when live, muted while connecting, amber when offline.
 */
export function LiveStatus({ status, className }: { status: ConnectionStatus; className?: string }) {
  return (
    <span className={`${styles.live} ${className ?? ''}`} data-status={status} role="status" aria-label={`Live updates: ${words[status]}`}>
      <span className={styles.dot} />
      {words[status]}
    </span>
  );
}
