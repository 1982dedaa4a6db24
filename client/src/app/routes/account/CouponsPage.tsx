// /user/couponcodes: the coupons running now, each with its code to copy, the discount, the
// minimum order, the largest discount and whether it is for a first order only. Coupons are
// applied in the checkout.
import { Button, ButtonLink } from '../../../components/Button';
import { CopyIcon } from '../../../components/orderIcons';
import { StateMessage } from '../../../components/StateMessage';
import { useGetCouponsQuery } from '../../../features/checkout/api';
import type { Coupon } from '../../../features/checkout/types';
import { formatRupees } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch } from '../../hooks';
import { PageHeader } from './PageHeader';
import styles from './CouponsPage.module.css';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function CouponsPage() {
  const dispatch = useAppDispatch();
  const { data: coupons, isLoading, isError, refetch } = useGetCouponsQuery();

  async function copy(code: string) {
    const copied = await copyText(code);
    dispatch(
      toastShown(
        copied
          ? { message: `Copied ${code}. Apply it at checkout.` }
          : { message: `Could not copy. The code is ${code}.`, type: 'info' },
      ),
    );
  }

  return (
    <>
      <title>Coupons — drape</title>
      <PageHeader eyebrow="Coupons" title="Your coupons">
        Codes running now. Copy one and apply it at checkout; the discount shows before you pay.
      </PageHeader>
      {isLoading ? (
        <ul className={styles.list} aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className={`${styles.card} ${styles.skeleton}`} />
          ))}
        </ul>
      ) : isError || !coupons ? (
        <StateMessage tone="error" title="Coupons could not be loaded" detail="Please check your connection and try again.">
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </StateMessage>
      ) : coupons.length === 0 ? (
        <StateMessage title="No coupons right now" detail="New codes appear here during sales and festivals.">
          <ButtonLink to={paths.shop}>Shop now</ButtonLink>
        </StateMessage>
      ) : (
        <ul className={styles.list} aria-label="Coupons">
          {coupons.map((coupon) => (
            <CouponCard key={coupon._id || coupon.code} coupon={coupon} onCopy={(code) => void copy(code)} />
          ))}
        </ul>
      )}
    </>
  );
}

function CouponCard({ coupon, onCopy }: { coupon: Coupon; onCopy: (code: string) => void }) {
  const code = coupon.code || coupon.name;
  const unavailable = coupon.eligible === false;
  return (
    <li className={styles.card} data-unavailable={unavailable || undefined}>
      <div className={styles.top}>
        <p className={styles.discount}>
          {coupon.discount}% <span>off</span>
        </p>
        {coupon.firstTime && <span className={styles.badge}>First order only</span>}
      </div>
      {coupon.description && <p className={styles.description}>{coupon.description}</p>}
      <dl className={styles.terms}>
        <div>
          <dt>Minimum order</dt>
          <dd>{coupon.mimimumAmount > 0 ? formatRupees(coupon.mimimumAmount) : 'None'}</dd>
        </div>
        <div>
          <dt>Largest discount</dt>
          <dd>{coupon.maxDiscount > 0 ? formatRupees(coupon.maxDiscount) : 'No cap'}</dd>
        </div>
      </dl>
      {unavailable && <p className={styles.reason}>{coupon.reason || 'Not available on your account'}</p>}
      <div className={styles.codeRow}>
        <span className={styles.code}>{code}</span>
        <button type="button" className={styles.copy} onClick={() => onCopy(code)} aria-label={`Copy code ${code}`}>
          <CopyIcon size={18} />
          Copy
        </button>
      </div>
    </li>
  );
}
