// The Razorpay panel of /admin/payment: whether online payment is on and in which mode, the
// key id, whether the secrets are set (never the secrets), and the webhook to configure on
// Razorpay's dashboard with its events. Keys are changed in the server's environment.
import { useState } from 'react';
import type { PaymentSettings } from '../types';
import { useGetPaymentSettingsQuery } from '../api';
import styles from './PaymentSettingsPanel.module.css';

function state(settings: PaymentSettings): { text: string; tone: 'success' | 'waiting' | 'danger' } {
  if (!settings.enabled) return { text: 'Online payment is off', tone: 'danger' };
  if (!settings.webhookSecretSet) return { text: 'On, but webhooks are not verified', tone: 'waiting' };
  return { text: settings.mode === 'live' ? 'Live: taking real payments' : 'Test mode: no real money moves', tone: settings.mode === 'live' ? 'success' : 'waiting' };
}

export function PaymentSettingsPanel() {
  const { data, isLoading, isError } = useGetPaymentSettingsQuery();
  const [copied, setCopied] = useState(false);

  return (
    <section className={styles.panel} aria-labelledby="razorpay-title">
      <div className={styles.head}>
        <h2 id="razorpay-title" className={styles.title}>
          Razorpay
        </h2>
        {data && (
          <span className={styles.state} data-tone={state(data).tone}>
            {state(data).text}
          </span>
        )}
      </div>
      {isLoading && <p className={styles.muted}>Loading...</p>}
      {isError && <p className={styles.muted}>The settings could not be loaded.</p>}
      {data && (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>Key id</dt>
              <dd>{data.keyId ? <code>{data.keyId}</code> : 'Not set'}</dd>
            </div>
            <div>
              <dt>Key secret</dt>
              <dd>{data.keySecretSet ? 'Set · hidden' : 'Not set'}</dd>
            </div>
            <div>
              <dt>Webhook secret</dt>
              <dd>{data.webhookSecretSet ? 'Set · hidden' : 'Not set'}</dd>
            </div>
            <div>
              <dt>Webhook URL</dt>
              <dd className={styles.copyRow}>
                <code>{data.webhookUrl}</code>
                <button
                  type="button"
                  className={styles.copy}
                  onClick={() => {
                    void navigator.clipboard?.writeText(data.webhookUrl).then(() => setCopied(true));
                  }}
                >
                  {copied ? 'Copied' : 'Copy'}
                </button>
              </dd>
            </div>
            <div>
              <dt>Webhook events</dt>
              <dd>
                <ul className={styles.events}>
                  {data.webhookEvents.map((event) => (
                    <li key={event}>
                      <code>{event}</code>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          </dl>
          <p className={styles.note}>
            Keys live in the server’s environment (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET), never in the database, and
            are never shown here. To change them, update the environment and restart the servers and workers. On Razorpay’s dashboard, add a
            webhook to the URL above with the events listed and the same webhook secret.
          </p>
        </>
      )}
    </section>
  );
}
