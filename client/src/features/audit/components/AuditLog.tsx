// The back office's audit log (/admin/audit, admins): every change made through the back
// office, newest first, ten to a page from the server, filtered by who, what kind of entity,
// the action and the dates, all kept in the URL. A row opens to show the fields the change
// touched, before and after; secrets arrive masked from the server.
import { Fragment, useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { BackOfficeTable, countSummary, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { toastShown } from '../../../lib/toast';
import { useGetAuditLogQuery } from '../api';
import { actionInWords, auditFiltersToSearch, changeAuditFilters, emptyAuditFilters, entityTypes, fieldChanges, readAuditFilters } from '../log';
import type { AuditEntry, AuditFilters } from '../types';
import styles from '../../../components/BackOfficeList.module.css';
import { indiaDateTime } from '../../../lib/indiaTime';

export const auditMessages = { loading: 'Loading...', empty: 'No changes match these filters.' } as const;


export function AuditLog() {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = readAuditFilters(search);
  const result = useGetAuditLogQuery(filters);
  const { data, isError, error } = result;
  const [open, setOpen] = useState<Record<string, boolean>>({});

  useEffect(() => {
    if (isError) {
      const message = (error as Partial<ApiError> | undefined)?.message || 'The audit log could not be loaded';
      dispatch(toastShown({ message, type: 'error' }));
    }
  }, [dispatch, isError, error]);

  const apply = (next: AuditFilters) => setSearch(auditFiltersToSearch(next));
  const entries = data?.items ?? [];
  const narrowed = auditFiltersToSearch({ ...filters, page: 1 }).toString() !== '';

  return (
    <div className={styles.page}>
      <title>Audit log — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Audit log</h1>
        <p className={styles.lede}>Every change made in the back office: who made it, when, and what it changed.</p>
      </header>

      <Filters key={search.toString()} filters={filters} onApply={(patch) => apply(changeAuditFilters(filters, patch))} />
      {narrowed && (
        <button type="button" className={styles.clear} onClick={() => apply(emptyAuditFilters)}>
          Clear filters
        </button>
      )}

      <BackOfficeTable
        label="Changes"
        columns={columns}
        items={entries}
        itemId={(entry) => entry._id}
        query={result}
        messages={{ ...auditMessages, error: 'The audit log could not be loaded.' }}
        summary={countSummary({ none: 'No changes', one: '1 change', many: 'changes' })}
        renderRows={(entry) => (
          <EntryRows
            key={entry._id}
            entry={entry}
            expanded={Boolean(open[entry._id])}
            onToggle={() => setOpen((current) => ({ ...current, [entry._id]: !current[entry._id] }))}
          />
        )}
        pages={{
          label: 'Audit log pages',
          hrefFor: (page) => {
            const query = auditFiltersToSearch({ ...filters, page }).toString();
            return query ? `${pathname}?${query}` : pathname;
          },
        }}
      />
    </div>
  );
}

/** The log's headings; EntryRows draws an entry's row and, opened, the fields it changed. */
const columns: BackOfficeColumn<AuditEntry>[] = [{ heading: 'When' }, { heading: 'Who' }, { heading: 'What' }, { heading: 'Details', hideHeading: true }];

function EntryRows({ entry, expanded, onToggle }: { entry: AuditEntry; expanded: boolean; onToggle: () => void }) {
  const changes = expanded ? fieldChanges(entry) : [];
  const detailsId = `audit-${entry._id}`;
  return (
    <Fragment>
      <tr className={styles.row}>
        <td className={styles.when}>{indiaDateTime.format(new Date(entry.at))}</td>
        <td>
          <span className={styles.who}>{entry.actorName || entry.actorEmail || entry.actorId}</span>
          <span className={styles.sub}>
            {entry.actorEmail}
            {entry.actorRole && <span className={styles.role}>{entry.actorRole}</span>}
          </span>
        </td>
        <td>
          <span className={styles.what}>
            {actionInWords(entry.action)} {entry.entityType}
          </span>
          <span className={styles.sub}>
            {entry.entityId && <code>{entry.entityId}</code>} {entry.action}
          </span>
        </td>
        <td className={styles.toggleCell}>
          <button type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={detailsId} onClick={onToggle}>
            {expanded ? 'Hide changes' : 'Show changes'}
          </button>
        </td>
      </tr>
      {expanded && (
        <tr id={detailsId} className={styles.detailsRow}>
          <td colSpan={4}>
            {changes.length === 0 ? (
              <p className={styles.noChange}>No field changed (the same values were saved again).</p>
            ) : (
              <table className={styles.changes} aria-label={`Fields changed by ${entry.action}`}>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.field}>
                      <th scope="row">{change.field}</th>
                      <td className={styles.before}>{change.before}</td>
                      <td className={styles.after}>{change.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {entry.requestId && <p className={styles.request}>Request {entry.requestId}</p>}
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function Filters({ filters, onApply }: { filters: AuditFilters; onApply: (patch: Partial<Omit<AuditFilters, 'page'>>) => void }) {
  const ids = { who: useId(), entity: useId(), action: useId(), from: useId(), to: useId() };
  const [fields, setFields] = useState({ actor: filters.actor, action: filters.action });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ actor: fields.actor.trim(), action: fields.action.trim() });
  }
  return (
    <form className={styles.filters} role="search" aria-label="Filter the audit log" onSubmit={submit}>
      <div className={`${styles.filter} ${styles.wide}`}>
        <label htmlFor={ids.who}>Who</label>
        <input
          id={ids.who}
          type="search"
          value={fields.actor}
          placeholder="E-mail or user id"
          autoComplete="off"
          onChange={(event) => setFields((current) => ({ ...current, actor: event.target.value }))}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.entity}>Entity</label>
        <select id={ids.entity} value={filters.entityType} onChange={(event) => onApply({ entityType: event.target.value })}>
          <option value="">Everything</option>
          {entityTypes.map((type) => (
            <option key={type} value={type}>
              {type.charAt(0).toUpperCase() + type.slice(1)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.action}>Action</label>
        <input
          id={ids.action}
          type="search"
          value={fields.action}
          placeholder="e.g. DELETE, stock"
          autoComplete="off"
          onChange={(event) => setFields((current) => ({ ...current, action: event.target.value }))}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.from}>From</label>
        <input id={ids.from} type="date" value={filters.startDate} onChange={(event) => onApply({ startDate: event.target.value })} />
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.to}>To</label>
        <input id={ids.to} type="date" value={filters.endDate} onChange={(event) => onApply({ endDate: event.target.value })} />
      </div>
      <Button type="submit" variant="secondary" className={styles.apply}>
        Apply
      </Button>
    </form>
  );
}
