// The analytics screen's "GST returns (GSTR-1)" card (admins): pick a month, download each
// section of its GSTR-1 as a CSV for the GST offline tool, or all of them as a zip.
import { useId, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { toastShown } from '../../../lib/toast';
import { downloadGstr1, gstr1Sections, previousMonth, type Gstr1Section } from '../gstr1';
import { indianToday } from '../range';
import styles from './Dashboard.module.css';

export function Gstr1Card() {
  const dispatch = useAppDispatch();
  const id = useId();
  const [month, setMonth] = useState(() => previousMonth());
  const [busy, setBusy] = useState<Gstr1Section | 'all' | null>(null);

  async function download(section?: Gstr1Section) {
    setBusy(section ?? 'all');
    try {
      await downloadGstr1(month, section);
    } catch (failure) {
      dispatch(toastShown({ message: (failure as Error).message, type: 'error' }));
    }
    setBusy(null);
  }

  return (
    <section className={`${styles.card} ${styles.gstCard}`} aria-labelledby={`${id}-title`}>
      <div className={styles.cardHead}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          GST returns (GSTR-1)
        </h2>
        <label htmlFor={`${id}-month`} className={styles.dateField}>
          Month
          <input id={`${id}-month`} type="month" value={month} max={indianToday().slice(0, 7)} onChange={(event) => event.target.value && setMonth(event.target.value)} />
        </label>
      </div>
      <p className={styles.small}>The month&rsquo;s tax invoices and credit notes (Indian dates) as CSV files in the GST offline tool&rsquo;s columns.</p>
      <ul className={styles.gstSections} aria-label="Sections">
        {gstr1Sections.map(({ section, label, table }) => (
          <li key={section}>
            <Button variant="quiet" className={styles.gstLink} onClick={() => void download(section)} disabled={busy !== null} aria-busy={busy === section || undefined}>
              {busy === section && <Spinner size={14} />}
              {label}
              <span className={styles.gstFile}>{section}.csv</span>
            </Button>
            <span className={styles.gstTable}>{table}</span>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => void download()} disabled={busy !== null} aria-busy={busy === 'all' || undefined}>
        {busy === 'all' && <Spinner size={16} />}
        Download all (.zip)
      </Button>
    </section>
  );
}
