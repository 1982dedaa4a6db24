// A request's reverse pickup in one line, for the shopper's order page and the back office's
// order page: the courier and AWB (linked to its tracking page) and the courier's last status,
// or that the pickup is being booked.
import type { ReturnPickup } from '../types';
import styles from './Returns.module.css';

function titleCase(status: string): string {
  return status.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
}

export function PickupLine({ pickup, staff = false }: { pickup?: ReturnPickup; staff?: boolean }) {
  if (!pickup) return null;
  if (!pickup.awb) {
    return (
      <p className={styles.pickup} data-testid="return-pickup">
        {staff && pickup.error ? `Pickup not booked: ${pickup.error}` : 'Booking the courier pickup'}
      </p>
    );
  }
  return (
    <p className={styles.pickup} data-testid="return-pickup">
      Pickup by {pickup.courierName || 'courier'}, AWB{' '}
      {pickup.trackUrl ? (
        <a href={pickup.trackUrl} target="_blank" rel="noreferrer">
          {pickup.awb}
        </a>
      ) : (
        pickup.awb
      )}
      {pickup.courierStatus && <> · {titleCase(pickup.courierStatus)}</>}
    </p>
  );
}
