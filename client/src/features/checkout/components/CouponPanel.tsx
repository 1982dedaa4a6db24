// Coupons in the order summary: the applied one, or the one the server found takes the most off
// this cart (one tap to apply), and 'Have a code?', which unfolds SPEC §2's Available Coupons: the
// active coupons with their terms and whether this shopper can use them, a code field with Apply
// and Remove, and the server's reason beside the field when a coupon cannot be used.
import { useId, useState, type FormEvent } from 'react';
import { ChevronDownIcon } from '../../../components/icons';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { formatRupees } from '../../../lib/money';
import type { AppliedCoupon, BestCoupon, Coupon } from '../types';
import styles from './Checkout.module.css';

/** 'Min. order ₹1,999 · Up to ₹500 off' (no minimum and no cap said plainly). */
export function couponTerms(coupon: Pick<Coupon, 'mimimumAmount' | 'maxDiscount' | 'firstTime'>): string {
  return [
    coupon.mimimumAmount > 0 ? `Min. order ${formatRupees(coupon.mimimumAmount)}` : 'No minimum order',
    coupon.maxDiscount > 0 ? `Up to ${formatRupees(coupon.maxDiscount)} off` : 'No cap',
    coupon.firstTime ? 'First order only' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

function eligibility(coupon: Coupon, subtotal: number | undefined): { ok: boolean; text: string } {
  if (coupon.eligible === false) return { ok: false, text: coupon.reason || 'Not available for this order' };
  if (subtotal !== undefined && coupon.mimimumAmount > subtotal) {
    return { ok: false, text: `Add items worth ${formatRupees(coupon.mimimumAmount - subtotal)} more` };
  }
  return { ok: true, text: 'You can use this' };
}

export function CouponPanel({
  coupons,
  loading,
  applied,
  couponDiscount,
  best,
  subtotal,
  error,
  busy,
  onApply,
  onRemove,
}: {
  coupons: Coupon[];
  loading: boolean;
  applied: AppliedCoupon | null;
  couponDiscount: number;
  /** The server's pick for this cart, offered while the list is folded. */
  best: BestCoupon | null;
  subtotal: number | undefined;
  error: string;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState('');
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const foldId = `${inputId}-fold`;
  // A refusal is said beside the field, so the field shows.
  const unfolded = open || error !== '';

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    onApply(code.trim());
  }

  const offer = !applied && best && !unfolded;
  return (
    <div className={styles.coupons}>
      {applied && (
        <div className={styles.couponAppliedRow}>
          <p className={styles.couponApplied}>
            <strong>{applied.code}</strong> applied: {applied.discount}% off, you save {formatRupees(couponDiscount)}
          </p>
          {!unfolded && (
            <button type="button" className={styles.inlineAction} disabled={busy} onClick={onRemove} aria-label={`Remove ${applied.code}`}>
              Remove
            </button>
          )}
        </div>
      )}
      {offer && (
        <div className={styles.bestCoupon}>
          <p className={styles.bestText}>
            <span className={styles.bestLabel}>Best offer</span>
            <span>
              <strong className={styles.couponCode}>{best.code}</strong> saves you {formatRupees(best.saving)}
            </span>
          </p>
          <Button variant="secondary" className={styles.bestApply} disabled={busy} onClick={() => onApply(best.code)} aria-label={`Apply ${best.code}`}>
            Apply
          </Button>
        </div>
      )}
      <button type="button" className={styles.foldToggle} aria-expanded={unfolded} aria-controls={foldId} onClick={() => setOpen(!unfolded)}>
        <span>Have a code?</span>
        <ChevronDownIcon size={18} className={styles.businessChevron} data-open={unfolded || undefined} aria-hidden="true" />
      </button>
      <div id={foldId} hidden={!unfolded} className={styles.fold}>
        <form className={styles.couponForm} onSubmit={submit} noValidate aria-label="Apply a coupon">
          <label htmlFor={inputId} className={styles.couponLabel}>
            Coupon code
          </label>
          <div className={styles.couponRow} data-invalid={error ? true : undefined}>
            <input
              id={inputId}
              className={styles.couponInput}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="Enter code"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy && <Spinner size={16} />}
              Apply
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                onRemove();
                if (applied) setCode('');
              }}
            >
              Remove
            </Button>
          </div>
          <div role="alert" className={styles.couponAlert}>
            {error && (
              <p id={errorId} className={styles.fieldError}>
                {error}
              </p>
            )}
          </div>
        </form>
        <h3 className={styles.foldTitle}>Available Coupons</h3>
        {loading ? (
          <div className={styles.couponSkeleton} aria-hidden="true" />
        ) : coupons.length === 0 ? (
          <p className={styles.note}>No coupons are running right now.</p>
        ) : (
          <ul className={styles.couponList} aria-label="Available coupons">
            {coupons.map((coupon) => {
              const couponCode = coupon.code || coupon.name;
              const status = eligibility(coupon, subtotal);
              const isApplied = applied?.code.toLowerCase() === couponCode.toLowerCase();
              return (
                <li key={coupon._id || couponCode} className={styles.couponCard} data-applied={isApplied || undefined}>
                  <div className={styles.couponMain}>
                    <p className={styles.couponCode}>{couponCode}</p>
                    {coupon.description && <p className={styles.couponDescription}>{coupon.description}</p>}
                    <p className={styles.couponTerms}>{couponTerms(coupon)}</p>
                    <p className={status.ok ? styles.eligible : styles.ineligible}>{status.text}</p>
                  </div>
                  <Button
                    variant="quiet"
                    className={styles.couponUse}
                    disabled={busy || isApplied}
                    onClick={() => {
                      setCode(couponCode);
                      onApply(couponCode);
                    }}
                    aria-label={isApplied ? `${couponCode} applied` : `Apply ${couponCode}`}
                  >
                    {isApplied ? 'Applied' : 'Apply'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
