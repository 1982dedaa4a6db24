// The back office's complaints queue (/admin/complaints, issue 23): the unresolved complaints
// by default, those due first first, each with its SLA clock (resolution due one month after
// filing; overdue in red); a status filter in the URL; a complaint moves open → in progress →
// resolved or closed with a note the shopper reads (audited on the server). It refetches on
// each admin:dashboard event and each time that topic's subscription is confirmed; complaints themselves announce no event (the
// event catalogue is on every shopper's page, whose script budget had no room for it).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useLocation, useSearchParams } from '../../../lib/router';
import { BackOfficeTable, useLoadFailedToast, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import list from '../../../components/BackOfficeList.module.css';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormAlert, formStyles } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { adminTopics, setRealtimeExtension } from '../../../lib/realtime';
import { grievanceAdminApi, useComplaintQueueQuery, useMoveComplaintMutation } from '../adminApi';
import { slaClock } from '../sla';
import { statusLabels, type Complaint, type ComplaintStatus } from '../types';
import styles from './ComplaintQueue.module.css';

const dashboardTopic = adminTopics.dashboard;
const filters: { status: ComplaintStatus | ''; label: string }[] = [
  { status: '', label: 'Unresolved' },
  { status: 'open', label: 'Open' },
  { status: 'in_progress', label: 'In progress' },
  { status: 'resolved', label: 'Resolved' },
  { status: 'closed', label: 'Closed' },
];
const next: Record<ComplaintStatus, ComplaintStatus[]> = {
  open: ['in_progress', 'resolved', 'closed'],
  in_progress: ['resolved', 'closed'],
  resolved: [],
  closed: [],
};
const filed = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

export function ComplaintQueue() {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const status = (search.get('status') ?? '') as ComplaintStatus | '';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const result = useComplaintQueueQuery({ status, page });
  useLoadFailedToast(result, 'The complaints could not be loaded');
  const [moving, setMoving] = useState<Complaint | null>(null);
  const dispatch = useAppDispatch();
  // Each admin:dashboard event (an order placed or moved), and each confirmation of that topic's
  // subscription, fetches the page shown again: invalidated rather than refetched, since a
  // refetch asked while a fetch is on its way is dropped, and an invalidation waits for it.
  useEffect(() => {
    const stale = () => dispatch(grievanceAdminApi.util.invalidateTags(['Complaint']));
    setRealtimeExtension({ topics: [dashboardTopic], event: (event) => event.topic === dashboardTopic && stale(), subscribed: stale });
    return () => setRealtimeExtension(null);
  }, [dispatch]);

  const columns: BackOfficeColumn<Complaint>[] = [
    {
      heading: 'Ticket',
      cell: (c) => (
        <>
          <span className={styles.ticket}>{c.ticket}</span>
          <span className={list.sub}>{filed.format(new Date(c.createdAt))}</span>
        </>
      ),
    },
    {
      heading: 'From',
      cell: (c) => (
        <>
          <span className={list.who}>{c.name}</span>
          <span className={list.sub}>{c.email}</span>
        </>
      ),
    },
    {
      heading: 'Complaint',
      className: styles.subjectCell,
      cell: (c) => (
        <>
          <span className={styles.subject}>{c.subject}</span>
          <span className={list.sub}>
            {c.orderRef && `Order ${c.orderRef} · `}
            {c.message}
          </span>
        </>
      ),
    },
    {
      heading: 'Resolution due',
      cell: (c) => {
        const resolved = c.status === 'resolved' || c.status === 'closed';
        return (
          <span className={c.overdue ? styles.overdue : styles.due} data-testid="sla">
            {resolved ? `${statusLabels[c.status]} ${c.resolvedAt ? filed.format(new Date(c.resolvedAt)) : ''}` : slaClock(c.dueAt, c.overdue, false)}
          </span>
        );
      },
    },
    {
      heading: 'Status',
      cell: (c) => (
        <span className={styles.pill} data-status={c.status}>
          {statusLabels[c.status]}
        </span>
      ),
    },
    {
      heading: 'Actions',
      hideHeading: true,
      cell: (c) =>
        next[c.status].length > 0 && (
          <Button variant="secondary" onClick={() => setMoving(c)} aria-label={`Update ${c.ticket}`}>
            Update
          </Button>
        ),
    },
  ];

  const go = (nextStatus: ComplaintStatus | '') => {
    const params = new URLSearchParams();
    if (nextStatus) params.set('status', nextStatus);
    setSearch(params);
  };

  return (
    <div className={list.page}>
      <title>Complaints — drape back office</title>
      <header>
        <p className={list.eyebrow}>Back office</p>
        <h1 className={list.title}>Complaints</h1>
        <p className={list.lede}>
          Complaints to the grievance officer. Each was acknowledged by e-mail when filed; resolve it within one month.
        </p>
      </header>
      <nav className={styles.filters} aria-label="Complaints by status">
        {filters.map((f) => (
          <button key={f.label} type="button" className={styles.filter} aria-pressed={status === f.status} onClick={() => go(f.status)}>
            {f.label}
          </button>
        ))}
      </nav>
      <BackOfficeTable
        label="Complaints"
        columns={columns}
        items={result.data?.items ?? []}
        itemId={(c) => c._id}
        query={result}
        messages={{
          loading: 'Loading the complaints…',
          empty: status ? 'No complaints with this status.' : 'No unresolved complaints.',
          error: 'The complaints could not be loaded.',
        }}
        summary={(data) => (
          <>
            {data.total === 0 ? 'No complaints' : data.total === 1 ? '1 complaint' : `${data.total.toLocaleString('en-IN')} complaints`}
            {data.totalPages > 1 && ` · page ${data.page} of ${data.totalPages}`}
          </>
        )}
        rowProps={(c) => ({ 'aria-label': `${c.ticket}, ${statusLabels[c.status]}${c.overdue ? ', overdue' : ''}`, className: c.overdue ? styles.overdueRow : undefined })}
        pages={{
          label: 'Complaint pages',
          hrefFor: (n) => {
            const params = new URLSearchParams(search);
            params.set('page', String(n));
            return `${pathname}?${params}`;
          },
        }}
      />
      {moving && <MoveDialog complaint={moving} onClose={() => setMoving(null)} />}
    </div>
  );
}

function MoveDialog({ complaint, onClose }: { complaint: Complaint; onClose: () => void }) {
  const titleId = useId();
  const noteId = useId();
  const choices = next[complaint.status];
  const [status, setStatus] = useState<ComplaintStatus>(choices[0] ?? 'resolved');
  const [note, setNote] = useState('');
  const [move, { isLoading, error }] = useMoveComplaintMutation();
  const failure = error as ApiError | undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await move({ id: complaint._id, status, note: note.trim() }).unwrap();
      onClose();
    } catch {
      // The error shows in the dialog.
    }
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} variant="sheet">
      <form className={styles.dialog} onSubmit={submit} noValidate>
        <p className={list.eyebrow}>Complaint {complaint.ticket}</p>
        <h2 id={titleId} className={styles.dialogTitle}>
          {complaint.subject}
        </h2>
        <p className={styles.message}>{complaint.message}</p>
        <fieldset className={styles.choices}>
          <legend>Move to</legend>
          {choices.map((choice) => (
            <label key={choice} className={styles.choice}>
              <input type="radio" name="status" value={choice} checked={status === choice} onChange={() => setStatus(choice)} />
              {statusLabels[choice]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={noteId} className={formStyles.label}>
          Note to the shopper{status === 'in_progress' ? ' (optional)' : ''}
        </label>
        <textarea
          id={noteId}
          className={`${formStyles.input} ${styles.note}`}
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          aria-invalid={failure?.errors?.note ? true : undefined}
        />
        {failure && <FormAlert>{failure.errors?.note ?? failure.message}</FormAlert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
