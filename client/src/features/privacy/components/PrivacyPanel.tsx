// /user/accountdetails' "Privacy and your data" (issue 23): marketing per channel (each box
// with the exact words the server records), the data download, the erasure request, and the
// log of the shopper's requests.
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Checkbox, FormAlert } from '../../../components/Form';
import { Link } from '../../../components/Link';
import { downloadWithToken } from '../../../lib/download';
import {
  exportFileName,
  exportUrl,
  kindLabels,
  useAskErasureMutation,
  useChooseMarketingMutation,
  useGetMarketingQuery,
  useGetPrivacyRequestsQuery,
  type Channel,
} from '../api';
import styles from './PrivacyPanel.module.css';

function problem(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** PrivacyPanel is the account's privacy section; `token` fetches the download, `onErasureAsked` follows an erasure request. */
export function PrivacyPanel({ token, onErasureAsked }: { token: string | null; onErasureAsked: (message: string) => void }) {
  const { data: marketing } = useGetMarketingQuery();
  const { data: requests, refetch: refetchRequests } = useGetPrivacyRequestsQuery();
  const [choose, { isLoading: saving }] = useChooseMarketingMutation();
  const [askErasure] = useAskErasureMutation();
  const [error, setError] = useState('');
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function toggle(channel: Channel, granted: boolean) {
    if (!marketing) return;
    setError('');
    try {
      await choose({ channels: { [channel]: granted }, version: marketing.wordings[0]?.version ?? '' }).unwrap();
    } catch (failure) {
      setError(problem(failure, 'Your choice could not be saved. Please try again.'));
    }
  }

  async function download() {
    setError('');
    setDownloading(true);
    try {
      await downloadWithToken(exportUrl, token, exportFileName());
      void refetchRequests(); // the download is logged: show it
    } catch {
      setError('Your data could not be downloaded. Please try again.');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-labelledby="privacy-title" className={styles.section}>
      <div className={styles.intro}>
        <h2 id="privacy-title" className={styles.title}>
          Privacy and your data
        </h2>
        <p className={styles.lede}>
          What we keep and why is in our <Link to="/privacy">privacy notice</Link>. Order messages come with your orders; marketing only if you
          tick it.
        </p>
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <fieldset className={styles.choices} disabled={!marketing || saving}>
        <legend className={styles.subtitle}>Sale news and offers</legend>
        {marketing?.wordings.map((w) => (
          <Checkbox
            key={w.channel}
            name={`marketing-${w.channel}`}
            label={w.text}
            checked={marketing.channels[w.channel]}
            onChange={(event) => void toggle(w.channel, event.currentTarget.checked)}
          />
        ))}
      </fieldset>
      <div className={styles.intro}>
        <h3 className={styles.subtitle}>Your data</h3>
        <p className={styles.lede}>Download everything we hold about you as a file, or have your account erased.</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing your file…' : 'Download my data'}
        </Button>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Erase my account
        </Button>
      </div>
      {requests && requests.length > 0 && (
        <ul className={styles.log} aria-label="Your requests">
          {requests.slice(0, 5).map((r) => (
            <li key={r.id}>
              {kindLabels[r.kind]} · {day(r.requestedAt)} · {r.status === 'completed' ? 'done' : 'in progress'}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title="Erase your account?"
          action="Erase my account"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await askErasure().unwrap();
            } catch (failure) {
              throw new Error(problem(failure, 'Your request could not be sent. Please try again.'));
            }
            setConfirming(false);
            onErasureAsked('Your account is being erased. You have been signed out.');
          }}
        >
          We will remove your name, e-mail, phone, addresses, cart, wishlist and everything else of yours, and you will not be able to sign in again.
          Your orders&apos; tax invoices are kept as the law requires, with only what an invoice must show.
        </ConfirmDialog>
      )}
    </section>
  );
}
