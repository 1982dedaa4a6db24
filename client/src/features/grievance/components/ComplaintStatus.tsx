// A complaint's status page (issue 23): the ticket and the e-mail it was filed with open it
// (the acknowledgement mail links here with the ticket), showing where it stands, when it is
// due, and each step with what staff wrote.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, FormAlert } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { useLazyComplaintStatusQuery } from '../api';
import { statusLabels } from '../types';
import styles from './Grievance.module.css';

const when = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });

export function ComplaintStatus({ ticket: givenTicket, email: givenEmail }: { ticket: string; email: string }) {
  const [ticket, setTicket] = useState(givenTicket);
  const [email, setEmail] = useState(givenEmail);
  const [look, { data, error, isFetching }] = useLazyComplaintStatusQuery();
  const failure = error as ApiError | undefined;

  useEffect(() => {
    if (givenTicket && givenEmail) void look({ ticket: givenTicket, email: givenEmail });
  }, [givenTicket, givenEmail, look]);

  function submit(event: FormEvent) {
    event.preventDefault();
    void look({ ticket: ticket.trim(), email: email.trim() });
  }

  return (
    <div className={styles.statusLayout}>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Find a complaint">
        <div className={styles.row}>
          <Field label="Ticket number" value={ticket} placeholder="GRV-2026-000123" onChange={(e) => setTicket(e.target.value)} required />
          <Field label="E-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
        {failure && <FormAlert>{failure.message}</FormAlert>}
        <Button type="submit" variant="secondary" disabled={isFetching}>
          {isFetching ? 'Looking…' : 'Show status'}
        </Button>
      </form>
      {data && !failure && (
        <section className={styles.ticket} aria-labelledby="complaint-status">
          <p className={styles.eyebrow}>Ticket {data.ticket}</p>
          <h2 id="complaint-status">{data.subject}</h2>
          <p className={styles.badgeLine}>
            <span className={styles.badge} data-status={data.status}>
              {statusLabels[data.status]}
            </span>
            {data.resolvedAt ? ` on ${when(data.resolvedAt)}` : ` · answer due by ${when(data.dueAt)}`}
          </p>
          {data.note && <p className={styles.note}>{data.note}</p>}
          <ol className={styles.history} aria-label="History">
            {(data.history ?? []).map((step, i) => (
              <li key={i}>
                <span className={styles.step}>{statusLabels[step.status]}</span>
                <time dateTime={step.at}>{when(step.at)}</time>
                {step.note && <p>{step.note}</p>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
