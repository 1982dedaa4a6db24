// The back office's people (/admin/users): shoppers by default, or staff, admins or everyone;
// searched by name, e-mail or phone; ten to a page from the server, filters in the URL. Each
// row shows orders and spend, and staff and admins deactivate an account (it can no longer sign
// in and its sessions end at once) or reactivate it, after saying so in a dialog. A row's COD
// button shows the person's cash-on-delivery standing, which admins may override.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { Clipped } from '../../../components/Clipped';
import { Dialog } from '../../../components/Dialog';
import { BackOfficeTable, countSummary, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import { Spinner } from '../../../components/Spinner';
import styles from '../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { toastShown } from '../../../lib/toast';
import { useGetCustomersQuery, useSetCustomerActiveMutation } from '../api';
import { customerFiltersToSearch, personName, readCustomerFilters, roles } from '../list';
import type { Customer, CustomerFilters } from '../types';
import { CODStandingDialog } from './CODStandingDialog';
import { indiaDate } from '../../../lib/indiaTime';

export const customerMessages = { loading: 'Loading...', empty: 'No people match these filters.' } as const;


function problem(error: unknown, fallback: string): string {
  return (error as Partial<ApiError> | undefined)?.message || fallback;
}

export function CustomersList({ canChange = false }: { canChange?: boolean }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = readCustomerFilters(search);
  const result = useGetCustomersQuery(filters);
  const { data, isError, error } = result;
  const [setActive, activeCall] = useSetCustomerActiveMutation();
  const [confirming, setConfirming] = useState<Customer | null>(null);
  const [codOf, setCodOf] = useState<Customer | null>(null);

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: problem(error, 'People could not be loaded'), type: 'error' }));
  }, [dispatch, isError, error]);

  const apply = (next: CustomerFilters) => setSearch(customerFiltersToSearch(next));
  const people = data?.items ?? [];

  async function confirm(person: Customer) {
    try {
      const changed = await setActive({ id: person._id, active: !person.active }).unwrap();
      dispatch(toastShown({ message: `${personName(person)} is ${changed.active ? 'active again' : 'deactivated'}` }));
    } catch (failure) {
      dispatch(toastShown({ message: problem(failure, 'The account could not be changed'), type: 'error' }));
    }
    setConfirming(null);
  }

  return (
    <div className={styles.page}>
      <title>Customers — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Customers</h1>
        <p className={styles.lede}>Everyone with an account: what they have ordered and spent, and whether they can sign in.</p>
      </header>

      <Filters key={search.toString()} filters={filters} onApply={(next) => apply({ ...next, page: 1 })} />

      <BackOfficeTable
        label="People"
        columns={columns(setConfirming, setCodOf)}
        items={people}
        itemId={(person) => person._id}
        query={result}
        messages={{ ...customerMessages, error: 'People could not be loaded.' }}
        summary={countSummary({ none: 'Nobody', one: '1 person', many: 'people' })}
        pages={{
          label: 'People pages',
          hrefFor: (page) => {
            const query = customerFiltersToSearch({ ...filters, page }).toString();
            return query ? `${pathname}?${query}` : pathname;
          },
        }}
      />

      {confirming && (
        <ConfirmDialog person={confirming} busy={activeCall.isLoading} onConfirm={() => void confirm(confirming)} onClose={() => setConfirming(null)} />
      )}
      {codOf && <CODStandingDialog person={codOf} canChange={canChange} onClose={() => setCodOf(null)} />}
    </div>
  );
}

/**
 * The list's columns; a row's buttons show the person's cash-on-delivery standing and ask to
 * deactivate or reactivate them.
 */
function columns(confirm: (person: Customer) => void, showCOD: (person: Customer) => void): BackOfficeColumn<Customer>[] {
  return [
    {
      heading: 'Name',
      className: styles.grow,
      cell: (person) => (
        <>
          <Clipped text={personName(person)} className={styles.who} />
          <span className={`${styles.sub} ${styles.subLine}`}>
            <Clipped text={person.email} className={styles.shrink} />
            {person.role !== 'user' && <span className={styles.role}>{person.role}</span>}
          </span>
        </>
      ),
    },
    { heading: 'Phone', cell: (person) => person.phone || '—' },
    { heading: 'Joined', className: styles.when, cell: (person) => indiaDate.format(new Date(person.createdAt)) },
    { heading: 'Orders', numeric: true, cell: (person) => person.orders },
    { heading: 'Spent', numeric: true, cell: (person) => formatRupees(person.spent) },
    {
      heading: 'Account',
      cell: (person) => <span className={`${styles.pill} ${person.active ? styles.good : styles.bad}`}>{person.active ? 'Active' : 'Deactivated'}</span>,
    },
    {
      heading: 'Actions',
      hideHeading: true,
      className: styles.toggleCell,
      cell: (person) => (
        <span className={styles.rowActions}>
          <button type="button" className={styles.toggle} onClick={() => showCOD(person)} aria-label={`Cash on delivery for ${personName(person)}`}>
            COD
          </button>
          <button type="button" className={styles.toggle} onClick={() => confirm(person)}>
            {person.active ? 'Deactivate' : 'Reactivate'}
          </button>
        </span>
      ),
    },
  ];
}

function ConfirmDialog({ person, busy, onConfirm, onClose }: { person: Customer; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  const name = personName(person);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog}>
      <h2 id={titleId}>{person.active ? `Deactivate ${name}?` : `Reactivate ${name}?`}</h2>
      <p>
        {person.active
          ? 'They will be signed out everywhere at once and cannot sign in until you reactivate the account. Their orders are kept.'
          : 'They can sign in again with their password or Google. Sessions ended by the deactivation stay ended.'}
      </p>
      <div className={styles.actions}>
        <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner size={16} />}
          {person.active ? 'Deactivate' : 'Reactivate'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

function Filters({ filters, onApply }: { filters: CustomerFilters; onApply: (next: CustomerFilters) => void }) {
  const ids = { search: useId(), role: useId() };
  const [text, setText] = useState(filters.search);
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...filters, search: text.trim() });
  }
  return (
    <form className={styles.filters} role="search" aria-label="Filter people" onSubmit={submit}>
      <div className={`${styles.filter} ${styles.wide}`}>
        <label htmlFor={ids.search}>Search</label>
        <input
          id={ids.search}
          type="search"
          value={text}
          placeholder="Name, e-mail or phone"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={ids.role}>Who</label>
        <select id={ids.role} value={filters.role} onChange={(event) => onApply({ ...filters, role: event.target.value as CustomerFilters['role'] })}>
          {roles.map((role) => (
            <option key={role.label} value={role.value}>
              {role.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" className={styles.apply}>
        Search
      </Button>
    </form>
  );
}
