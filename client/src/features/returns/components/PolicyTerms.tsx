// The return policy's terms as the shop has set them (GET /api/returns/policy), for the
// policy page above its written text: the windows, the pickup fee, exchanges, the reasons, and
// what is final sale.
import { formatRupees } from '../../../lib/money';
import { useGetReturnPolicyQuery } from '../api';
import styles from './Returns.module.css';

function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

export function PolicyTerms() {
  const { data: policy, isLoading, isError } = useGetReturnPolicyQuery();
  if (isLoading) return <div className={styles.termsSkeleton} role="status" aria-label="Loading the return terms" />;
  if (isError || !policy) return null;
  return (
    <section className={styles.policy} aria-labelledby="policy-terms-title">
      <h2 id="policy-terms-title" className={styles.policyTitle}>
        At a glance
      </h2>
      <dl className={styles.policyFacts}>
        <div>
          <dt>Exchanges</dt>
          <dd>
            {policy.exchangeWindowDays > 0
              ? `Within ${days(policy.exchangeWindowDays)} of delivery, for another size${policy.freeExchanges ? ', free of charge' : ''}`
              : 'Not offered'}
          </dd>
        </div>
        <div>
          <dt>Returns</dt>
          <dd>{policy.returnWindowDays > 0 ? `Within ${days(policy.returnWindowDays)} of delivery, for a refund` : 'Not offered'}</dd>
        </div>
        <div>
          <dt>Pickup fee</dt>
          <dd>
            {policy.returnFee > 0 ? `${formatRupees(policy.returnFee)}, taken from the refund` : 'None: we collect from your address for free'}
            {!policy.freeExchanges && policy.returnFee > 0 && ' (exchanges too)'}
          </dd>
        </div>
        {policy.notReturnableSubCategories.length > 0 && (
          <div>
            <dt>Final sale</dt>
            <dd>{policy.notReturnableSubCategories.map((s) => s.categoryType).join(', ')}</dd>
          </div>
        )}
      </dl>
      {policy.reasons.length > 0 && (
        <>
          <h3 className={styles.policySubtitle}>Reasons you can choose</h3>
          <ul className={styles.reasons}>
            {policy.reasons.map((reason) => (
              <li key={reason.code}>
                {reason.label}
                {reason.photoRequired && <span className={styles.reasonNote}> · with a photo</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.policyHow}>Ask from your order page under My account → Orders once your order is delivered.</p>
    </section>
  );
}
