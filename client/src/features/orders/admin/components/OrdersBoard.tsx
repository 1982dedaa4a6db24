// The back office's order board (/admin/orders): every shopper's order, newest first, ten to a
// page from the server, filtered by status, a search (order id or number, customer or product),
// a date range and the payment mode, all kept in the URL. Rows change status and payment live;
// a new order appears at the top, lit up. Staff move orders on, push them to Shiprocket again,
// and admins refund paid online orders.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation, useSearchParams } from '../../../../lib/router';
import { Button } from '../../../../components/Button';
import { Clipped } from '../../../../components/Clipped';
import { Link } from '../../../../components/Link';
import { accountPaths } from '../../../../lib/accountPaths';
import { Pagination } from '../../../../components/Pagination';
import { Spinner } from '../../../../components/Spinner';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { formatRupees } from '../../../../lib/money';
import { toastShown } from '../../../../lib/toast';
import { statusLabel } from '../../status';
import { useGetAdminOrdersQuery } from '../api';
import { changeFilters, filtersToSearch, isUnfiltered, onPage, readFilters } from '../filters';
import { useLiveOrderBoard, type Highlight } from '../live';
import { adminPayment, awaitingConfirmation, canRefund, orderStatuses, placedAt } from '../rows';
import { orderShortcuts, useOrderShortcuts } from '../shortcuts';
import type { AdminOrder, AdminOrderFilters, OrderBoardView, PushState } from '../types';
import { AdminStatusBadge } from './AdminStatusBadge';
import { useOrderActions } from './OrderActions';
import list from '../../../../components/BackOfficeList.module.css';
import styles from './OrdersBoard.module.css';
import { orderLabel } from '../../../../lib/orderNumber';

export const boardMessages = {
  loading: 'Loading...',
  empty: 'No matching orders found.',
  notOnShiprocket: 'Not Added on Shiprocket',
} as const;

const searchDelayMs = 400;

/** filters kept within view's statuses: the first of them when the URL names none of them. */
function withinView(filters: AdminOrderFilters, view: OrderBoardView): AdminOrderFilters {
  if (!view.statuses || view.statuses.includes(filters.orderStatus)) return filters;
  return { ...filters, orderStatus: view.statuses[0] ?? '' };
}

/** filters without the status a view starts with (its first): what the user chose themselves. */
function beyondView(filters: AdminOrderFilters, statuses?: readonly string[]): AdminOrderFilters {
  return statuses?.[0] === filters.orderStatus ? { ...filters, orderStatus: '' } : filters;
}

function message(error: unknown, fallback: string): string {
  return (error as Partial<ApiError> | undefined)?.message || fallback;
}

/** The whole board: every order, any status. */
export const allOrders: OrderBoardView = {
  title: 'Orders',
  lede: 'Every order, newest first. New orders and courier updates appear here as they happen.',
};

/**
 * The board. `refunds`: the signed-in account may refund (admins; staff get 403). `view`: the
 * heading and the statuses the board is limited to (delivered, cancelled, returned orders).
 */
export function OrdersBoard({ refunds, view = allOrders }: { refunds: boolean; view?: OrderBoardView }) {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const filters = withinView(readFilters(search), view);
  const { data, isLoading, isFetching, isError, error, refetch, fulfilledTimeStamp } = useGetAdminOrdersQuery(filters);
  const { highlights, sound, toggleSound } = useLiveOrderBoard(filters, refetch);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const actions = useOrderActions(refetch);
  const searchBox = useRef<HTMLInputElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useOrderShortcuts(searchBox, tableRef);

  // SPEC: a failed load shows as a toast (the table stays as it was, or empty).
  useEffect(() => {
    if (isError) dispatch(toastShown({ message: message(error, 'Orders could not be loaded'), type: 'error' }));
  }, [dispatch, isError, error]);

  const apply = (next: AdminOrderFilters) => setSearch(filtersToSearch(next));
  const change = (patch: Parameters<typeof changeFilters>[1]) => apply(changeFilters(filters, patch));

  const orders = data?.items ?? [];
  const total = data?.total ?? 0;
  const showing = !isLoading && !isError;

  return (
    <div className={list.page}>
      <title>{`${view.title} — drape back office`}</title>
      <header className={styles.head}>
        <div>
          <p className={list.eyebrow}>Back office</p>
          <h1 className={list.title}>{view.title}</h1>
          <p className={list.lede}>{view.lede}</p>
        </div>
        <div className={styles.headSide}>
          <button
            type="button"
            className={styles.soundToggle}
            aria-pressed={sound}
            onClick={toggleSound}
            title="Play a short chime when a new order arrives"
          >
            <span className={styles.switch} aria-hidden="true" />
            Sound for new orders
          </button>
        </div>
      </header>

      <Filters
        filters={filters}
        searchBox={searchBox}
        statuses={view.statuses}
        onChange={change}
        shiprocket={view.shiprocket}
        onClear={() => apply({ ...filters, page: 1, orderStatus: '', search: '', startDate: '', endDate: '', mode: '', push: '' })}
      />

      <div className={list.summary} aria-live="polite">
        {showing && data && (
          <span>
            {total === 0 ? 'No orders' : total === 1 ? '1 order' : `${total.toLocaleString('en-IN')} orders`}
            {!isUnfiltered(beyondView(filters, view.statuses)) && (total === 1 ? ' matches these filters' : ' match these filters')}
            {data.totalPages > 1 && ` · page ${data.page} of ${data.totalPages}`}
          </span>
        )}
        {isFetching && !isLoading && (
          <span className={list.refreshing}>
            <Spinner size={14} /> Updating
          </span>
        )}
        <span className={styles.keys}>{orderShortcuts}</span>
      </div>

      <div className={`${list.tableWrap} ${styles.tableWrap}`}>
        <table ref={tableRef} className={`${list.table} ${styles.table}`} aria-label="Orders" aria-busy={isFetching || undefined} data-fetched={fulfilledTimeStamp}>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Customer</th>
              <th scope="col">City</th>
              <th scope="col" className={list.numeric}>
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {isLoading ? (
            <StateRow>{boardMessages.loading}</StateRow>
          ) : orders.length === 0 ? (
            <StateRow>{isError ? 'Orders could not be loaded.' : boardMessages.empty}</StateRow>
          ) : (
            orders.map((order) => (
              <OrderRow
                key={order._id}
                order={order}
                highlight={highlights[order._id]}
                expanded={Boolean(open[order._id])}
                onToggleItems={() => setOpen((current) => ({ ...current, [order._id]: !current[order._id] }))}
                onChangeStatus={() => actions.changeStatus(order)}
                onRefund={refunds && canRefund(order) ? () => actions.refund(order) : undefined}
                onRetryPush={() => void actions.pushAgain(order)}
                pushing={actions.pushing === order._id}
                shiprocketIds={view.shiprocket}
              />
            ))
          )}
        </table>
      </div>

      {isError && (
        <div className={styles.retry}>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}

      {data && (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          label="Orders pages"
          hrefFor={(page) => {
            const query = filtersToSearch(onPage(filters, page)).toString();
            return query ? `${pathname}?${query}` : pathname;
          }}
        />
      )}

      {actions.dialogs}
    </div>
  );
}

function StateRow({ children }: { children: ReactNode }) {
  return (
    <tbody>
      <tr>
        <td colSpan={7} className={`${list.state} ${styles.state}`}>
          {children}
        </td>
      </tr>
    </tbody>
  );
}

/** The push filter's choices (the Shiprocket view). */
const pushChoices: readonly (readonly [PushState, string])[] = [
  ['', 'All'],
  ['failed', 'Not added'],
  ['waiting', 'Waiting'],
  ['pushed', 'On Shiprocket'],
  ['confirm', 'Awaiting confirmation'],
];

function Filters({
  filters,
  searchBox,
  statuses = orderStatuses,
  shiprocket = false,
  onChange,
  onClear,
}: {
  filters: AdminOrderFilters;
  /** The search box, for the "/" key. */
  searchBox: RefObject<HTMLInputElement | null>;
  /** The statuses to choose from; one means the view is that status only. */
  statuses?: readonly string[];
  /** Offer the push-state filter. */
  shiprocket?: boolean;
  onChange: (patch: Partial<Omit<AdminOrderFilters, 'page'>>) => void;
  onClear: () => void;
}) {
  const ids = { search: useId(), status: useId(), from: useId(), to: useId() };
  const [text, setText] = useState(filters.search);
  const typed = useRef(filters.search);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // The URL changed by other means (back, Clear filters): the box follows.
  useEffect(() => {
    if (filters.search !== typed.current) {
      typed.current = filters.search;
      setText(filters.search);
    }
  }, [filters.search]);

  // Typing searches after a short pause.
  useEffect(() => {
    if (text.trim() === typed.current.trim()) return;
    const timer = window.setTimeout(() => {
      typed.current = text.trim();
      onChangeRef.current({ search: text.trim() });
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [text]);

  const narrowed = !isUnfiltered(beyondView(filters, statuses));
  // On a phone the search box shows and the other filters fold away behind a button.
  const [unfolded, setUnfolded] = useState(false);
  const more = [filters.orderStatus, filters.startDate || filters.endDate, filters.mode, filters.push].filter(Boolean).length;
  return (
    <form
      className={`${list.filters} ${styles.filters}`}
      data-unfolded={unfolded || undefined}
      role="search"
      aria-label="Filter orders"
      onSubmit={(event) => {
        event.preventDefault();
        typed.current = text.trim();
        onChange({ search: text.trim() });
      }}
    >
      <div className={`${list.filter} ${styles.filter} ${styles.searchFilter}`}>
        <label htmlFor={ids.search}>Search</label>
        <input
          ref={searchBox}
          id={ids.search}
          type="search"
          value={text}
          placeholder="Order number or id, customer, product"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="button" className={styles.moreFilters} aria-expanded={unfolded} onClick={() => setUnfolded((open) => !open)}>
        Filters{more > 0 && <span className={styles.count}>{more}</span>}
      </button>
      <div className={`${list.filter} ${styles.filter} ${styles.statusFilter} ${styles.foldable}`}>
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={filters.orderStatus}
          disabled={statuses.length === 1}
          onChange={(event) => onChange({ orderStatus: event.target.value })}
        >
          {statuses === orderStatuses && <option value="">All statuses</option>}
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className={`${styles.dates} ${styles.foldable}`}>
        <div className={`${list.filter} ${styles.filter}`}>
          <label htmlFor={ids.from}>From</label>
          <input
            id={ids.from}
            type="date"
            value={filters.startDate}
            max={filters.endDate || undefined}
            onChange={(event) => onChange({ startDate: event.target.value })}
          />
        </div>
        <div className={`${list.filter} ${styles.filter}`}>
          <label htmlFor={ids.to}>To</label>
          <input
            id={ids.to}
            type="date"
            value={filters.endDate}
            min={filters.startDate || undefined}
            onChange={(event) => onChange({ endDate: event.target.value })}
          />
        </div>
      </div>
      <fieldset className={`${list.filter} ${styles.filter} ${styles.modes} ${styles.foldable}`}>
        <legend>Payment</legend>
        <div className={styles.segments}>
          {(
            [
              ['', 'All'],
              ['cod', 'COD'],
              ['online', 'Online'],
            ] as const
          ).map(([value, label]) => (
            <label key={value || 'all'} className={styles.segment}>
              <input type="radio" name="payment-mode" value={value} checked={filters.mode === value} onChange={() => onChange({ mode: value })} />
              <span>{label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {shiprocket && (
        <fieldset className={`${list.filter} ${styles.filter} ${styles.modes} ${styles.foldable}`}>
          <legend>Shiprocket</legend>
          <div className={styles.segments}>
            {pushChoices.map(([value, label]) => (
              <label key={value || 'all'} className={styles.segment}>
                <input type="radio" name="push-state" value={value} checked={filters.push === value} onChange={() => onChange({ push: value })} />
                <span>{label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {narrowed && (
        <button type="button" className={`${list.clear} ${styles.clear}`} onClick={onClear}>
          Clear filters
        </button>
      )}
    </form>
  );
}

function OrderRow({
  order,
  highlight,
  expanded,
  onToggleItems,
  onChangeStatus,
  onRefund,
  onRetryPush,
  pushing,
  shiprocketIds = false,
}: {
  order: AdminOrder;
  highlight?: Highlight;
  expanded: boolean;
  onToggleItems: () => void;
  onChangeStatus: () => void;
  onRefund?: () => void;
  onRetryPush: () => void;
  pushing: boolean;
  /** Show Shiprocket's order and shipment ids. */
  shiprocketIds?: boolean;
}) {
  const itemsId = useId();
  const when = placedAt(order);
  const payment = adminPayment(order.paymentMode, order.paymentStatus);
  const pieces = order.items.reduce((sum, item) => sum + (item.quantity || 1), 0);

  return (
    <tbody className={styles.row} data-live={highlight} data-order={order.orderId}>
      <tr>
        <td data-label="Order" className={styles.orderCell}>
          <span className={styles.orderNo}>
            <Link
              to={`${accountPaths.admin}/orders/${order._id}`}
              className={styles.orderLink}
              aria-label={`Order ${order.orderId}`}
              title={order.orderId}
              data-order-link
            >
              {order.orderNumber ? (
                <>
                  {orderLabel(order)}
                  <span className={styles.orderRef}>{order.orderId}</span>
                </>
              ) : (
                order.orderId
              )}
            </Link>
            {highlight === 'new' && <span className={styles.newTag}>New</span>}
          </span>
          <button type="button" className={styles.itemsToggle} aria-expanded={expanded} aria-controls={itemsId} onClick={onToggleItems}>
            <span className={styles.toggleText}>{expanded ? 'Hide' : 'View Items'}</span>
            <span className={styles.count} aria-label={`${pieces} ${pieces === 1 ? 'piece' : 'pieces'}`}>
              {pieces}
            </span>
          </button>
        </td>
        <td data-label="Placed" className={styles.placedCell}>
          <span className={styles.primary}>{when.date}</span>
          <span className={styles.secondary}>{when.time}</span>
        </td>
        <td data-label="Customer" className={styles.customer}>
          <Clipped text={order.customer.name || '—'} className={styles.primary} data-testid="customer-name" />
          {order.customer.email && <Clipped text={order.customer.email} className={styles.secondary} />}
        </td>
        <td data-label="City" className={styles.cityCell}>
          <Clipped text={order.customer.city || '—'} />
        </td>
        <td data-label="Amount" className={styles.amountCell}>
          <span className={styles.amount}>{formatRupees(order.amount, { paise: !Number.isInteger(order.amount) })}</span>
          <span className={styles.payment}>
            <span>{payment.mode}</span>
            {' · '}
            <span className={styles.paymentState} data-tone={payment.tone}>
              {payment.state}
            </span>
          </span>
        </td>
        <td data-label="Status" className={styles.statusCell}>
          <AdminStatusBadge status={order.orderStatus} />
          {awaitingConfirmation(order) && (
            <span className={styles.awaitingConfirmation} data-testid="awaiting-confirmation">
              Awaiting confirmation
            </span>
          )}
          {order.notaddorder ? (
            <span className={styles.notAdded}>
              {boardMessages.notOnShiprocket}
              <button type="button" className={styles.retryPush} onClick={onRetryPush} disabled={pushing} aria-busy={pushing || undefined}>
                {pushing && <Spinner size={12} />}
                Retry push
              </button>
            </span>
          ) : (
            <>
              {(order.shipment.courierName || order.shipment.awb) && (
                <span className={styles.shipLine} title={[order.shipment.courierName, order.shipment.awb && `AWB ${order.shipment.awb}`].filter(Boolean).join(' · ')}>
                  {order.shipment.courierName && <span>{order.shipment.courierName}</span>}
                  {order.shipment.courierName && order.shipment.awb && ' · '}
                  {order.shipment.awb && <span>AWB {order.shipment.awb}</span>}
                </span>
              )}
              {shiprocketIds &&
                (order.shipment.orderId ? (
                  <span className={styles.awb}>
                    SR {order.shipment.orderId} · shipment {order.shipment.shipmentId || '—'}
                  </span>
                ) : (
                  <span className={styles.secondary}>Not pushed yet</span>
                ))}
            </>
          )}
        </td>
        <td data-label="Actions" className={styles.actions}>
          <span className={styles.actionRow}>
          <button
            type="button"
            className={styles.action}
            onClick={onChangeStatus}
            disabled={order.nextStatuses.length === 0}
            aria-label={`Change status of order ${order.orderId}`}
            title={order.nextStatuses.length === 0 ? 'This order goes no further' : undefined}
          >
            Change status
          </button>
          {onRefund && (
            <button type="button" className={`${styles.action} ${styles.refund}`} onClick={onRefund} aria-label={`Refund order ${order.orderId}`}>
              Refund
            </button>
          )}
          </span>
        </td>
      </tr>
      {expanded && (
        <tr className={styles.itemsRow}>
          <td colSpan={7} id={itemsId}>
            <ul className={styles.items} aria-label={`Items of order ${order.orderId}`}>
              {order.items.map((item, index) => (
                <li key={`${item.productId}-${item.size}-${index}`} className={styles.item}>
                  {item.thumbnail ? <img src={item.thumbnail} alt="" width={40} height={53} loading="lazy" /> : <span className={styles.thumb} />}
                  <span className={styles.itemName}>{item.productName || 'Product'}</span>
                  <span className={styles.secondary}>
                    Size {item.size || '—'} · Qty {item.quantity}
                  </span>
                  <span className={styles.itemPrice}>{formatRupees(item.total || item.discountedPrice * item.quantity)}</span>
                </li>
              ))}
            </ul>
            <p className={styles.billing}>
              <span className={styles.billingLabel}>Billing address</span>
              {order.customer.name || '—'}
              {order.customer.address && `, ${order.customer.address}`}
              {order.customer.phone && ` · ${order.customer.phone}`}
              {order.customer.email && ` · ${order.customer.email}`}
            </p>
          </td>
        </tr>
      )}
    </tbody>
  );
}
