// The checkout (SPEC §2, the /checkout page): the order summary first (its lines, coupons folded
// into 'Have a code?' behind the server's best offer, the totals), then the delivery address
// (a saved default or lone address is already chosen; another is one tap), the payment method and
// Make Payment, which on a phone stays in a bar at the bottom of the screen. A refusal is said
// where it belongs, brought into view and announced. The cart comes from the server's quote, never from
// the cart feature: what is shown is what the server will charge. Make Payment checks SPEC §5's
// rules in order, then places the order (cash on delivery) or opens Razorpay's checkout (Pay now).
// A business buyer may open 'Add GST details for business purchase' and give a GSTIN and name,
// which the order carries onto its tax invoice.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../lib/router';
import { useAppDispatch } from '../../../app/hooks';
import { Button, ButtonLink } from '../../../components/Button';
import { FormAlert } from '../../../components/Form';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { formatRupees } from '../../../lib/money';
import { orderPaths } from '../../../lib/orderPaths';
import { paths } from '../../../lib/paths';
import { toastShown } from '../../../lib/toast';
import {
  checkoutApi,
  useGetCheckoutAddressesQuery,
  useGetCompanyQuery,
  useGetCouponsQuery,
  useGetQuoteQuery,
} from '../api';
import { businessErrorsOf, checkBusiness, emptyBusiness, normalBusiness, type BusinessDetails, type BusinessErrors } from '../business';
import { checkoutMessages, couponAppliedMessage, errorMessage, errorStatus, isSettledRefusal } from '../messages';
import type { CheckoutAddress, PaymentMode, PlacedOrder, Quote } from '../types';
import { usePayment, type OrderToPlace, type PaymentNotice, type PaymentPhase } from '../usePayment';
import { AddressPicker } from './AddressPicker';
import { BusinessPanel } from './BusinessPanel';
import { CartOverview, Totals } from './CartOverview';
import { CouponPanel } from './CouponPanel';
import styles from './Checkout.module.css';

const payLabels: Record<PaymentPhase, string> = {
  idle: 'Make Payment',
  placing: 'Placing your order…',
  paying: 'Waiting for payment…',
  confirming: 'Confirming your payment…',
  cancelling: 'Cancelling the order…',
};

/** A notice of the checkout; `at: 'address'` says it beside the delivery addresses. */
type Notice = PaymentNotice & { at?: 'address' };

function isEmptyCart(error: unknown): boolean {
  return errorMessage(error, '') === checkoutMessages.emptyCart;
}

/** 'Only 1 left in size M of Slim Shirt. …': which lines hold up payment, and why. */
export function blockedMessage(quote: Quote): string {
  const problems = quote.lines
    .filter((line) => line.soldOut)
    .map((line) => `${line.productName}: ${line.problem || `Size ${line.size} is sold out`}.`);
  const what = problems.length > 0 ? problems.join(' ') : 'Some items in your cart are no longer available.';
  return `${what} Lower the quantity or remove it from your cart to continue.`;
}

/** The checkout of a signed-in shopper's server cart; placing the order goes to the thank-you page. */
export function Checkout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [couponCode, setCouponCode] = useState('');
  const [couponError, setCouponError] = useState('');
  const [applying, setApplying] = useState(false);
  const [chosenAddress, setChosenAddress] = useState<string | null>(null);
  const [mode, setMode] = useState<PaymentMode>('cod');
  // What went wrong, and where it is said: beside the addresses, or above Make Payment.
  const [notice, setNotice] = useState<Notice | null>(null);
  const [snapshot, setSnapshot] = useState<Quote | null>(null);
  const [toPlace, setToPlace] = useState<OrderToPlace | null>(null);
  const waitingForNewAddress = useRef<Set<string> | null>(null);
  const addressSection = useRef<HTMLElement>(null);
  const payBar = useRef<HTMLDivElement>(null);
  const [businessOpen, setBusinessOpen] = useState(false);
  const [business, setBusiness] = useState<BusinessDetails>(emptyBusiness);
  const [businessErrors, setBusinessErrors] = useState<BusinessErrors>({});
  const [businessFocus, setBusinessFocus] = useState(0);
  const businessBox = useRef<HTMLDivElement>(null);

  const companyQuery = useGetCompanyQuery();
  const addressesQuery = useGetCheckoutAddressesQuery(undefined, { refetchOnMountOrArgChange: true });
  const couponsQuery = useGetCouponsQuery();
  const { refetch: refetchAddresses } = addressesQuery;
  const onPlaced = useCallback(
    (orderId: string, order?: PlacedOrder) =>
      void navigate(orderPaths.thankYou, {
        replace: true,
        state: orderId
          ? { orderId, ...(order?.businessGstin ? { businessGstin: order.businessGstin, businessName: order.businessName ?? '' } : {}) }
          : null,
      }),
    [navigate],
  );
  const onRefused = useCallback(
    (error: unknown) => {
      // A 409 changed stock (the 'Cart' tag makes the quote stale); other refusals may concern the
      // coupon or the address: show the server's view of both again. The quote is not watched
      // while the order is placed, so a stale one is dropped and asked for when shown again.
      if (errorStatus(error) !== 409) dispatch(checkoutApi.util.invalidateTags(['Cart']));
      if (errorMessage(error, '') === checkoutMessages.noAddressSelected) void refetchAddresses();
      // The server found the GSTIN wrong (its check character, its state code): say so at the field.
      const problems = businessErrorsOf(error);
      if (Object.keys(problems).length > 0) {
        setBusinessOpen(true);
        setBusinessErrors(problems);
        setBusinessFocus((count) => count + 1);
      }
    },
    [dispatch, refetchAddresses],
  );
  const payment = usePayment({ onPlaced, onNotice: setNotice, onRefused });
  const busy = payment.phase !== 'idle';
  // From Make Payment until the shopper is back to choosing, the page shows what is being bought
  // (the snapshot) and does not ask for the quote: the server empties the cart on the way, and a
  // quote of an empty cart is a 400 (the thank-you page used to start with one).
  const holding = busy || payment.unconfirmed || snapshot !== null;

  const addresses = addressesQuery.data ?? [];
  const selectedAddress =
    (chosenAddress && addresses.some((address) => address._id === chosenAddress) ? chosenAddress : null) ??
    addresses.find((address) => address.isDefault)?._id ??
    // One saved address and no default: it is the one (no tap needed).
    (addresses.length === 1 ? addresses[0]!._id : null);
  // Fresh totals on every visit (a quote fetched by Apply moments ago is still fresh), for the
  // chosen payment mode (the COD fee) and address (whether it is delivered to, COD or not).
  const quoteQuery = useGetQuoteQuery(
    { couponCode, paymentMode: mode, addressId: selectedAddress },
    { refetchOnMountOrArgChange: 10, skip: holding },
  );
  const { refetch: refetchQuote } = quoteQuery;

  // A notice is brought into view where it is said (and announced: it is an alert), beside the
  // addresses or just above Make Payment, wherever the page was scrolled to.
  useEffect(() => {
    if (!notice) return;
    const calm = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    const behavior: ScrollBehavior = calm ? 'auto' : 'smooth';
    if (notice.at === 'address') addressSection.current?.scrollIntoView?.({ behavior, block: 'start' });
    else payBar.current?.scrollIntoView?.({ behavior, block: 'nearest' });
  }, [notice]);

  // After the business details were found wrong, the first wrong field gets the focus.
  useEffect(() => {
    if (businessFocus > 0) businessBox.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [businessFocus]);

  useEffect(() => {
    if (!busy && !payment.unconfirmed && !toPlace) setSnapshot(null);
  }, [busy, payment.unconfirmed, toPlace]);

  // The order goes once the page has stopped watching the quote (the effect above it in this
  // render let go of it), so the cart it empties is never quoted.
  const { pay } = payment;
  useEffect(() => {
    if (!toPlace) return;
    setToPlace(null);
    void pay(toPlace);
  }, [pay, toPlace]);

  // The applied coupon stopped applying (the cart changed): drop it and say why, beside the field.
  const quoteError = quoteQuery.error;
  useEffect(() => {
    if (couponCode && quoteError && !isEmptyCart(quoteError) && isSettledRefusal(quoteError)) {
      setCouponCode('');
      setCouponError(errorMessage(quoteError));
    }
  }, [couponCode, quoteError]);

  // An address saved without an answer body: choose the one that was not there before.
  useEffect(() => {
    const known = waitingForNewAddress.current;
    if (!known || !addressesQuery.data) return;
    const added = addressesQuery.data.find((address) => !known.has(address._id));
    if (added) {
      waitingForNewAddress.current = null;
      setChosenAddress(added._id);
    }
  }, [addressesQuery.data]);

  const liveQuote = quoteQuery.currentData ?? (quoteQuery.isFetching ? quoteQuery.data : undefined);
  const quote = snapshot ?? (quoteQuery.isError ? undefined : liveQuote);
  // Why the chosen address may not pay on delivery ('' when it may, or before the server said).
  const codRefused = quote?.cod && !quote.cod.available ? quote.cod.reason || 'Cash on delivery is not available for this order.' : '';
  useEffect(() => {
    if (codRefused && mode === 'cod' && !busy) setMode('online');
  }, [codRefused, mode, busy]);
  const cartEmpty = !holding && ((quoteQuery.isError && isEmptyCart(quoteQuery.error)) || (quote !== undefined && quote.lines.length === 0));

  async function applyCoupon(code: string) {
    setCouponError('');
    if (!code) {
      setCouponError(checkoutMessages.selectCoupon);
      return;
    }
    setApplying(true);
    const result = await dispatch(checkoutApi.endpoints.getQuote.initiate(code, { subscribe: false, forceRefetch: true }));
    setApplying(false);
    if (result.error || !result.data) {
      // SPEC §4: a code that does not apply clears the applied coupon and its discount.
      setCouponCode('');
      setCouponError(errorMessage(result.error));
      return;
    }
    setCouponCode(code);
    dispatch(toastShown({ message: couponAppliedMessage(result.data.coupon?.discount ?? 0) }));
  }

  function removeCoupon() {
    if (!couponCode) {
      setCouponError(checkoutMessages.selectCoupon);
      return;
    }
    setCouponCode('');
    setCouponError('');
    dispatch(toastShown({ message: checkoutMessages.couponRemoved, type: 'info' }));
  }

  function addressAdded(address: CheckoutAddress | null) {
    dispatch(toastShown({ message: 'Address added successfully' }));
    setNotice(null);
    if (address?._id) setChosenAddress(address._id);
    else waitingForNewAddress.current = new Set(addresses.map((saved) => saved._id));
  }

  function refuse(text: string, { toAddress = false } = {}) {
    setNotice({ tone: 'error', text, ...(toAddress ? { at: 'address' as const } : {}) });
  }

  /** SPEC §5's checks, in order, then the payment. */
  function makePayment() {
    if (payment.unconfirmed) {
      payment.confirmAgain();
      return;
    }
    if (!quote) return refuse(errorMessage(quoteQuery.error, 'Your cart could not be loaded. Please try again.'));
    if (companyQuery.isError) {
      return refuse(errorStatus(companyQuery.error) === 404 ? checkoutMessages.noCompany : errorMessage(companyQuery.error));
    }
    if (addressesQuery.isError) return refuse(errorMessage(addressesQuery.error), { toAddress: true });
    if (addresses.length === 0) return refuse(checkoutMessages.noAddresses, { toAddress: true });
    if (!selectedAddress) return refuse(checkoutMessages.noAddressSelected, { toAddress: true });
    const sent = businessOpen ? normalBusiness(business) : emptyBusiness;
    const problems = checkBusiness(sent);
    setBusinessErrors(problems);
    if (Object.keys(problems).length > 0) {
      setBusinessFocus((count) => count + 1);
      return refuse('Please check the GST details of your business.');
    }
    if (quote.blocked) return refuse(blockedMessage(quote));
    setSnapshot(quote);
    setToPlace({ mode, addressId: selectedAddress, couponCode, ...(sent.businessGstin ? { business: sent } : {}) });
  }

  const loading = quoteQuery.isLoading || companyQuery.isLoading || addressesQuery.isLoading;
  const payDisabled = busy || applying || loading || (quoteQuery.isFetching && !quoteQuery.isError);

  const header = (
    <header className={styles.header}>
      <p className={styles.eyebrow}>Secure checkout</p>
      <h1 id="checkout-title" className={styles.title}>
        Checkout
      </h1>
      {!holding && (
        <Link to={paths.cart} className={styles.back}>
          Back to your cart
        </Link>
      )}
    </header>
  );

  if (cartEmpty) {
    return (
      <section className={styles.page} aria-labelledby="checkout-title">
        {header}
        <StateMessage title={checkoutMessages.emptyCart} detail="Add the pieces you like to your cart, then come back here to pay.">
          <ButtonLink to={paths.shop}>Shop now</ButtonLink>
        </StateMessage>
      </section>
    );
  }

  const summary = (
    <section className={`${styles.section} ${styles.summary}`} aria-labelledby="checkout-overview">
      <h2 id="checkout-overview" className={styles.sectionTitle}>
        Order summary
        {quote && quote.totalItems > 0 && <span className={styles.count}>{quote.totalItems} {quote.totalItems === 1 ? 'item' : 'items'}</span>}
      </h2>
      {quote ? (
        <CartOverview quote={quote} />
      ) : quoteQuery.isError ? (
        <p className={styles.note}>
          {errorMessage(quoteQuery.error, 'Your cart could not be loaded.')}{' '}
          <button type="button" className={styles.inlineAction} onClick={() => void refetchQuote()}>
            Try again
          </button>
        </p>
      ) : (
        <div className={styles.linesSkeleton} role="status" aria-label="Loading your cart" />
      )}
      <CouponPanel
        coupons={couponsQuery.data ?? []}
        loading={couponsQuery.isLoading}
        applied={couponCode ? (quote?.coupon ?? null) : null}
        couponDiscount={couponCode ? (quote?.couponDiscount ?? 0) : 0}
        best={quote?.bestCoupon ?? null}
        subtotal={quote?.subtotal}
        error={couponError}
        busy={applying || busy}
        onApply={(code) => void applyCoupon(code)}
        onRemove={removeCoupon}
      />
      {quote && <Totals quote={quote} />}
    </section>
  );

  return (
    <section className={styles.page} aria-labelledby="checkout-title">
      {header}
      <div className={styles.layout}>
        {summary}

        <div className={styles.details}>
          <section className={styles.section} aria-labelledby="checkout-address" ref={addressSection}>
            <h2 id="checkout-address" className={styles.sectionTitle}>
              Delivery address
            </h2>
            {notice?.at === 'address' && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
            <AddressPicker
              addresses={addresses}
              loading={addressesQuery.isLoading}
              failed={addressesQuery.isError}
              selectedId={selectedAddress}
              onSelect={(id) => {
                setChosenAddress(id);
                setNotice(null);
              }}
              onRetry={() => void refetchAddresses()}
              onAdded={addressAdded}
            />
          </section>

          <section className={styles.section} aria-labelledby="checkout-payment">
            <h2 id="checkout-payment" className={styles.sectionTitle}>
              Payment method
            </h2>
            <div role="radiogroup" aria-labelledby="checkout-payment" className={styles.methods}>
              <label className={styles.method} data-selected={mode === 'cod' || undefined}>
                <input
                  type="radio"
                  name="payment-mode"
                  value="cod"
                  checked={mode === 'cod'}
                  onChange={() => setMode('cod')}
                  disabled={busy || codRefused !== ''}
                  aria-describedby={codRefused ? 'checkout-cod-reason' : undefined}
                />
                <span>
                  <span className={styles.methodName}>Cash on delivery</span>
                  {codRefused ? (
                    <span id="checkout-cod-reason" className={styles.methodRefused}>
                      {codRefused}
                    </span>
                  ) : (
                    <span className={styles.methodHint}>
                      Pay in cash or UPI when your order arrives.
                      {quote && quote.fees.codFee > 0 ? ` A ${formatRupees(quote.fees.codFee)} cash on delivery fee applies.` : ''}
                    </span>
                  )}
                </span>
              </label>
              <label className={styles.method} data-selected={mode === 'online' || undefined}>
                <input type="radio" name="payment-mode" value="online" checked={mode === 'online'} onChange={() => setMode('online')} disabled={busy} />
                <span>
                  <span className={styles.methodName}>Pay now</span>
                  <span className={styles.methodHint}>Cards, UPI and netbanking, secured by Razorpay.</span>
                </span>
              </label>
            </div>
            {quote?.undeliverable && (
              <p className={styles.methodRefused} role="alert">
                {quote.undeliverable}
              </p>
            )}
          </section>

          <div ref={businessBox}>
            <BusinessPanel
              open={businessOpen}
              onToggle={(open) => {
                setBusinessOpen(open);
                setBusinessErrors({});
              }}
              details={business}
              errors={businessErrors}
              onChange={(details) => {
                setBusiness(details);
                setBusinessErrors({});
              }}
              disabled={busy}
            />
          </div>
        </div>

        <div className={styles.payBar} ref={payBar}>
          <FormAlert tone={notice?.tone ?? 'error'}>{notice?.at === 'address' ? undefined : notice?.text}</FormAlert>
          <Button className={styles.pay} onClick={makePayment} disabled={payDisabled} aria-busy={busy || undefined}>
            {busy && <Spinner size={16} />}
            {payment.unconfirmed ? 'Confirm payment' : payLabels[payment.phase]}
            {!busy && !payment.unconfirmed && quote && <span className={styles.payAmount}>{formatRupees(quote.total)}</span>}
          </Button>
          <p className={styles.reassure}>Free delivery across India · Prices include all taxes</p>
        </div>
      </div>
    </section>
  );
}
