// A request's reverse pickup in one line, for the shopper's order page and the back office's
// order page: the courier and AWB (linked to its tracking page) and the courier's last status,
// or that the pickup is being booked (only while the parcel is still to come: once it is at the
// shop without a courier's AWB, there is nothing to book).
import type { ReturnPickup } from '../types';
import styles from './Returns.module.css';

function titleCase(status: string): string {
  return status.toLowerCase().replace(/\b\w/g, (letter) => letter.toUpperCase());
}

/** The request statuses in which the parcel is still to be picked up or on its way back. */
const comingBack = new Set(['APPROVED', 'PICKUP_SCHEDULED', 'PICKED_UP']);

export function PickupLine({ pickup, status, staff = false }: { pickup?: ReturnPickup; status: string; staff?: boolean }) {
  if (!pickup) return null;
  if (!pickup.awb) {
    if (!comingBack.has(status)) return null;
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
