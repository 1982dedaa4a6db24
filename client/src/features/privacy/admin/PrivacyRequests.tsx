// /admin/privacy-requests: every shopper's privacy requests (downloads, erasures, withdrawals
// of marketing consent), newest first, for staff.
import { useSearchParams } from '../../../lib/router';
import { BackOfficeTable, countSummary, type BackOfficeColumn } from '../../../components/BackOfficeTable';
import { kindLabels, useGetStaffPrivacyRequestsQuery, type StaffPrivacyRequest } from '../api';

const when = (iso?: string) => (iso ? new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

const columns: BackOfficeColumn<StaffPrivacyRequest>[] = [
  { heading: 'Asked', cell: (r) => when(r.requestedAt) },
  { heading: 'Request', cell: (r) => kindLabels[r.kind] },
  { heading: 'Account', cell: (r) => r.email },
  { heading: 'Status', cell: (r) => (r.status === 'completed' ? 'Done' : 'In progress') },
  { heading: 'Done', cell: (r) => when(r.completedAt) },
  { heading: 'Detail', cell: (r) => r.detail ?? '' },
];

export function PrivacyRequests() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useGetStaffPrivacyRequestsQuery({ page });
  return (
    <>
      <title>Privacy requests — drape</title>
      <h1>Privacy requests</h1>
      <BackOfficeTable
        label="Privacy requests"
        columns={columns}
        items={query.data?.items ?? []}
        itemId={(r) => r.id}
        query={query}
        messages={{ loading: 'Loading...', empty: 'No privacy requests yet.', error: 'The requests could not be loaded.' }}
        summary={countSummary({ none: 'No requests', one: '1 request', many: 'requests' })}
        pages={{ label: 'Privacy request pages', hrefFor: (n) => `/admin/privacy-requests?page=${n}` }}
      />
    </>
  );
}
