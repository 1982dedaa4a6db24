// The payments list of /admin/payment: every online order's payment, newest first, ten to a
// page (GET /api/admin/getalloder?filter=online), with Razorpay's order and payment ids and
// where the money is (paid, failed, refund pending, refunded). Each links to its order page.
import { useSearchParams } from 'react-router';
import { Link } from '../../../../components/Link';
import { Pagination } from '../../../../components/Pagination';
import list from '../../../../components/BackOfficeList.module.css';
import { accountPaths } from '../../../../lib/accountPaths';
import { formatRupees } from '../../../../lib/money';
import { useGetAdminOrdersQuery } from '../api';
import { emptyFilters } from '../filters';
import { adminPayment, placedAt } from '../rows';

export function OnlinePayments() {
  const [search] = useSearchParams();
  const asked = Number(search.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const { data, isLoading, isError, isFetching } = useGetAdminOrdersQuery({ ...emptyFilters, mode: 'online', page });
  const orders = data?.items ?? [];

  return (
    <section className={list.page} aria-labelledby="payments-title">
      <div>
        <h2 id="payments-title" className={list.subTitle}>
          Online payments
        </h2>
        <p className={list.lede}>Every order paid or being paid through Razorpay, newest first. Cash on delivery is collected on the order boards.</p>
      </div>
      <div className={list.summary} aria-live="polite">
        {data && <span>{data.total === 1 ? '1 online order' : `${data.total.toLocaleString('en-IN')} online orders`}</span>}
      </div>
      <div className={list.tableWrap}>
        <table className={list.table} aria-label="Online payments" aria-busy={isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Customer</th>
              <th scope="col" className={list.numeric}>
                Amount
              </th>
              <th scope="col">Payment</th>
              <th scope="col">Razorpay</th>
            </tr>
          </thead>
          <tbody>
            {isLoading || isError || orders.length === 0 ? (
              <tr>
                <td colSpan={6} className={list.state}>
                  {isLoading ? 'Loading...' : isError ? 'Payments could not be loaded.' : 'No online payments yet.'}
                </td>
              </tr>
            ) : (
              orders.map((order) => {
                const when = placedAt(order);
                const payment = adminPayment(order.paymentMode, order.paymentStatus);
                return (
                  <tr key={order._id} className={list.row}>
                    <td>
                      <Link to={`${accountPaths.admin}/orders/${order._id}`}>{order.orderId}</Link>
                    </td>
                    <td className={list.when}>
                      {when.date}
                      <span className={list.sub}>{when.time}</span>
                    </td>
                    <td>
                      {order.customer.name || '—'}
                      {order.customer.email && <span className={list.sub}>{order.customer.email}</span>}
                    </td>
                    <td className={list.numeric}>{formatRupees(order.amount, { paise: !Number.isInteger(order.amount) })}</td>
                    <td>
                      <span className={`${list.pill} ${payment.tone === 'success' ? list.good : payment.tone === 'danger' ? list.bad : ''}`}>
                        {payment.state}
                      </span>
                    </td>
                    <td>
                      <span className={list.sub}>
                        <code>{order.gatewayOrderId || '—'}</code>
                      </span>
                      {order.paymentId && (
                        <span className={list.sub}>
                          <code>{order.paymentId}</code>
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {data && <Pagination page={data.page} totalPages={data.totalPages} label="Payments pages" hrefFor={(to) => (to > 1 ? `?page=${to}` : '?')} />}
    </section>
  );
}
