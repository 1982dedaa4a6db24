// The back office's coupons (/admin/coupons, admins): every coupon with its terms in words,
// how often it was used against its limit, and whether it is on; create and edit in a dialog
// (client checks first, the server's field messages after), switch on and off, delete after
// saying so in a dialog (a coupon an order used can only be switched off; the server says so).
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../../lib/router';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { Checkbox, Field, FormAlert, formStyles } from '../../../components/Form';
import { BackOfficeTable, useLoadFailedToast } from '../../../components/BackOfficeTable';
import { onOffColumns, useToastedChange } from '../../../components/OnOffRows';
import { Spinner } from '../../../components/Spinner';
import styles from '../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { toastShown } from '../../../lib/toast';
import { useCreateCouponMutation, useDeleteCouponMutation, useGetAdminCouponsQuery, useSetCouponActiveMutation, useUpdateCouponMutation } from '../api';
import { checkCouponForm, couponBody, couponTerms, couponToForm, emptyCouponForm } from '../form';
import type { AdminCoupon, CouponForm } from '../types';

export const couponMessages = { loading: 'Loading...', empty: 'No coupons yet. Create the first one.' } as const;

function apiError(error: unknown): Partial<ApiError> {
  return (error as Partial<ApiError> | undefined) ?? {};
}

export function CouponsPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const status = ['active', 'inactive'].includes(search.get('status') ?? '') ? (search.get('status') as string) : '';
  const result = useGetAdminCouponsQuery({ page, status });
  const { data } = result;
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminCoupon | null>(null);
  const [setActive] = useSetCouponActiveMutation();
  const [remove] = useDeleteCouponMutation();
  const change = useToastedChange();

  useLoadFailedToast(result, 'Coupons could not be loaded');
  const toggle = (coupon: AdminCoupon) =>
    change(
      () => setActive({ id: coupon._id, active: coupon.status !== 'active' }).unwrap(),
      (changed) => `${changed.code} is ${changed.status === 'active' ? 'on' : 'off'}`,
      'The coupon could not be changed',
    );
  const destroy = (coupon: AdminCoupon) => change(() => remove(coupon._id).unwrap(), () => `${coupon.code} deleted`, 'The coupon could not be deleted');

  const coupons = data?.items ?? [];
  return (
    <div className={styles.page}>
      <title>Coupons — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Coupons</h1>
        <p className={styles.lede}>Codes shoppers enter at checkout: a percentage off, with a minimum order, a cap and a usage limit.</p>
      </header>

      <div className={styles.filters} role="search" aria-label="Filter coupons">
        <div className={styles.filter}>
          <label htmlFor="coupon-status">Status</label>
          <select
            id="coupon-status"
            value={status}
            onChange={(event) => setSearch(event.target.value ? { status: event.target.value } : {})}
          >
            <option value="">All</option>
            <option value="active">On</option>
            <option value="inactive">Off</option>
          </select>
        </div>
        <Button className={styles.apply} onClick={() => setEditing('new')}>
          New coupon
        </Button>
      </div>

      <BackOfficeTable
        label="Coupons"
        columns={[
          {
            heading: 'Code',
            cell: (coupon) => (
              <>
                <span className={styles.who}>
                  <code>{coupon.code}</code>
                </span>
                {coupon.description && <span className={styles.sub}>{coupon.description}</span>}
              </>
            ),
          },
          { heading: 'Terms', cell: (coupon) => couponTerms(coupon, (amount) => formatRupees(amount)) },
          {
            heading: 'Used',
            numeric: true,
            cell: (coupon) => (
              <>
                {coupon.used}
                {coupon.usageLimit != null && ` of ${coupon.usageLimit}`}
              </>
            ),
          },
          ...onOffColumns<AdminCoupon>({
            name: (coupon) => coupon.code,
            on: (coupon) => coupon.status === 'active',
            onEdit: setEditing,
            onSwitch: (coupon) => void toggle(coupon),
            onDelete: setDeleting,
          }),
        ]}
        items={coupons}
        itemId={(coupon) => coupon._id}
        query={result}
        messages={{ ...couponMessages, error: 'Coupons could not be loaded.' }}
        summary={(data) => (data.total === 1 ? '1 coupon' : `${data.total} coupons`)}
        pages={{
          label: 'Coupon pages',
          hrefFor: (target) => `/admin/coupons?${new URLSearchParams({ ...(status ? { status } : {}), ...(target > 1 ? { page: String(target) } : {}) })}`,
        }}
      />

      {editing && <CouponDialog coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.code}?`}
          action={`Delete ${deleting.code}`}
          onConfirm={() => destroy(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>Shoppers can no longer use it. A coupon an order used can only be switched off.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const serverFields: Record<string, keyof CouponForm> = { name: 'code', code: 'code' };

function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [form, setForm] = useState<CouponForm>(coupon ? couponToForm(coupon) : emptyCouponForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [create, creating] = useCreateCouponMutation();
  const [update, updating] = useUpdateCouponMutation();
  const busy = creating.isLoading || updating.isLoading;
  const set = (field: keyof CouponForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = checkCouponForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = coupon ? await update({ id: coupon._id, body: couponBody(form) }).unwrap() : await create(couponBody(form)).unwrap();
      dispatch(toastShown({ message: coupon ? `${saved.code} saved` : `${saved.code} created` }));
      onClose();
    } catch (failure) {
      const { message, errors: fields } = apiError(failure);
      const mapped: Record<string, string> = {};
      for (const [field, text] of Object.entries(fields ?? {})) mapped[serverFields[field] ?? field] = text;
      setErrors(mapped);
      setAlert(message || 'The coupon could not be saved');
    }
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog}>
      <h2 id={titleId}>{coupon ? `Edit ${coupon.code}` : 'New coupon'}</h2>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={coupon ? `Edit ${coupon.code}` : 'New coupon'}>
        <FormAlert>{alert}</FormAlert>
        <Field label="Code" name="code" value={form.code} onChange={set('code')} error={errors.code} autoComplete="off" hint="Shoppers type it at checkout." />
        <Field label="Description" name="description" value={form.description} onChange={set('description')} error={errors.description} autoComplete="off" />
        <div className={formStyles.row}>
          <Field label="Discount (%)" name="discount" inputMode="numeric" value={form.discount} onChange={set('discount')} error={errors.discount} />
          <Field label="Usage limit" name="usageLimit" inputMode="numeric" value={form.usageLimit} onChange={set('usageLimit')} error={errors.usageLimit} hint="Empty: no limit." />
        </div>
        <div className={formStyles.row}>
          <Field label="Minimum order (₹)" name="mimimumAmount" inputMode="decimal" value={form.mimimumAmount} onChange={set('mimimumAmount')} error={errors.mimimumAmount} />
          <Field label="Maximum discount (₹)" name="maxDiscount" inputMode="decimal" value={form.maxDiscount} onChange={set('maxDiscount')} error={errors.maxDiscount} hint="Empty: no cap." />
        </div>
        <Checkbox label="First order only" checked={form.firstTime} onChange={(event) => setForm((current) => ({ ...current, firstTime: event.target.checked }))} />
        <Checkbox label="On (shoppers can use it now)" checked={form.active} onChange={(event) => setForm((current) => ({ ...current, active: event.target.checked }))} />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner size={16} />}
            {coupon ? 'Save' : 'Create coupon'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
