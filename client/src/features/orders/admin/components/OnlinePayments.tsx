// The payments list of /admin/payment: every online order's payment, newest first, ten to a
// page (GET /api/admin/getalloder?filter=online), with Razorpay's order and payment ids and
// where the money is (paid, failed, refund pending, refunded). Each links to its order page.
import { useSearchParams } from '../../../../lib/router';
import { Link } from '../../../../components/Link';
import { BackOfficeTable, type BackOfficeColumn } from '../../../../components/BackOfficeTable';
import list from '../../../../components/BackOfficeList.module.css';
import { accountPaths } from '../../../../lib/accountPaths';
import { formatRupees } from '../../../../lib/money';
import { useGetAdminOrdersQuery } from '../api';
import { emptyFilters } from '../filters';
import { adminPayment, placedAt } from '../rows';
import type { AdminOrder } from '../types';

export function OnlinePayments() {
  const [search] = useSearchParams();
  const asked = Number(search.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const result = useGetAdminOrdersQuery({ ...emptyFilters, mode: 'online', page });
  const orders = result.data?.items ?? [];

  return (
    <section className={list.page} aria-labelledby="payments-title">
      <div>
        <h2 id="payments-title" className={list.subTitle}>
          Online payments
        </h2>
        <p className={list.lede}>Every order paid or being paid through Razorpay, newest first. Cash on delivery is collected on the order boards.</p>
      </div>
      <BackOfficeTable
        label="Online payments"
        columns={columns}
        items={orders}
        itemId={(order) => order._id}
        query={result}
        messages={{ loading: 'Loading...', empty: 'No online payments yet.', error: 'Payments could not be loaded.' }}
        summary={(data) => (data.total === 1 ? '1 online order' : `${data.total.toLocaleString('en-IN')} online orders`)}
        showUpdating={false}
        retry={false}
        pages={{ label: 'Payments pages', hrefFor: (to) => (to > 1 ? `?page=${to}` : '?') }}
      />
    </section>
  );
}

/** An online order: its number (a link to it), when, who, how much, where the money is, and Razorpay's ids. */
const columns: BackOfficeColumn<AdminOrder>[] = [
  { heading: 'Order', cell: (order) => <Link to={`${accountPaths.admin}/orders/${order._id}`}>{order.orderId}</Link> },
  {
    heading: 'Placed',
    className: list.when,
    cell: (order) => {
      const when = placedAt(order);
      return (
        <>
          {when.date}
          <span className={list.sub}>{when.time}</span>
        </>
      );
    },
  },
  {
    heading: 'Customer',
    cell: (order) => (
      <>
        {order.customer.name || '—'}
        {order.customer.email && <span className={list.sub}>{order.customer.email}</span>}
      </>
    ),
  },
  { heading: 'Amount', numeric: true, cell: (order) => formatRupees(order.amount, { paise: !Number.isInteger(order.amount) }) },
  {
    heading: 'Payment',
    cell: (order) => {
      const payment = adminPayment(order.paymentMode, order.paymentStatus);
      return <span className={`${list.pill} ${payment.tone === 'success' ? list.good : payment.tone === 'danger' ? list.bad : ''}`}>{payment.state}</span>;
    },
  },
  {
    heading: 'Razorpay',
    cell: (order) => (
      <>
        <span className={list.sub}>
          <code>{order.gatewayOrderId || '—'}</code>
        </span>
        {order.paymentId && (
          <span className={list.sub}>
            <code>{order.paymentId}</code>
          </span>
        )}
      </>
    ),
  },
];
