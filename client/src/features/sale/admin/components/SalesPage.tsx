// The back office's sales (/admin/sale, admins): every sale with its discount and reach, on or
// off; create and edit in a dialog (name, discount, gender, category or some of its
// sub-categories, desktop and phone banners uploaded and re-encoded by the server), switch on
// and off — every storefront's sale banner and prices follow at once — and delete.
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from '../../../../lib/router';
import { Button } from '../../../../components/Button';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { Dialog } from '../../../../components/Dialog';
import { Checkbox, Field, FormAlert, formStyles } from '../../../../components/Form';
import { usePictureUploads } from '../../../../components/ImageDrop';
import { ImageField } from '../../../../components/ImageField';
import { BackOfficeTable, useLoadFailedToast } from '../../../../components/BackOfficeTable';
import { onOffColumns, useToastedChange } from '../../../../components/OnOffRows';
import { Spinner } from '../../../../components/Spinner';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { readableErrors, readableMessage } from '../../../../lib/fieldErrors';
import { toastShown } from '../../../../lib/toast';
import {
  useCreateSaleMutation,
  useDeleteSaleMutation,
  useGetAdminSalesQuery,
  useGetSaleCategoriesQuery,
  useSwitchSaleMutation,
  useUpdateSaleMutation,
} from '../api';
import { checkSaleForm, emptySaleForm, saleBody, saleReach, saleToForm } from '../form';
import type { AdminSale, SaleForm } from '../types';
import own from './SalesPage.module.css';

export const saleMessages = { loading: 'Loading...', empty: 'No sales yet. Create the first one.' } as const;

/** Sale banners go to /uploads/sale as chosen: JPEG or PNG of at most 5 MB. */
const salePictures = {
  path: 'admin/uploads/sale',
  problem: (file: File) => (['image/jpeg', 'image/png'].includes(file.type) && file.size <= 5 * 1024 * 1024 ? '' : 'Choose a JPEG or PNG of at most 5 MB'),
  prepare: (file: File) => Promise.resolve(file),
};

function apiError(error: unknown): Partial<ApiError> {
  return (error as Partial<ApiError> | undefined) ?? {};
}

export function SalesPage() {
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const result = useGetAdminSalesQuery(page);
  const { data } = result;
  const [editing, setEditing] = useState<AdminSale | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminSale | null>(null);
  const [hidden, setHidden] = useState<{ sale: AdminSale; shown: AdminSale } | null>(null);
  const [switchSale] = useSwitchSaleMutation();
  const [remove] = useDeleteSaleMutation();
  const change = useToastedChange();

  useLoadFailedToast(result, 'Sales could not be loaded');
  const toggle = (sale: AdminSale) =>
    change(
      () => switchSale({ id: sale._id, on: !sale.saleStatus }).unwrap(),
      (changed) => `${changed.saleName} is ${changed.saleStatus ? 'on: shoppers see it now' : 'off'}`,
      'The sale could not be switched',
    );
  const destroy = (sale: AdminSale) => change(() => remove(sale._id).unwrap(), () => `${sale.saleName} deleted`, 'The sale could not be deleted');

  const sales = data?.items ?? [];
  return (
    <div className={styles.page}>
      <title>Sales — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Sales</h1>
        <p className={styles.lede}>A sale takes a percentage off everything it reaches. Switching one on shows its banner and prices in every open storefront at once.</p>
      </header>
      <div>
        <Button onClick={() => setEditing('new')}>New sale</Button>
      </div>
      <BackOfficeTable
        label="Sales"
        columns={[
          {
            heading: 'Sale',
            cell: (sale) => (
              <div className={own.sale}>
                {sale.image ? <img src={sale.image} alt="" width={96} height={40} loading="lazy" /> : <span className={own.noImage} />}
                <span className={styles.who}>{sale.saleName}</span>
              </div>
            ),
          },
          { heading: 'Discount', numeric: true, cell: (sale) => `${sale.discount}%` },
          { heading: 'Reaches', cell: saleReach },
          ...onOffColumns<AdminSale>({
            name: (sale) => sale.saleName,
            on: (sale) => sale.saleStatus,
            onEdit: setEditing,
            onSwitch: (sale) => {
              const shown = sale.saleStatus ? undefined : bannerSaleBefore(sales, sale);
              if (shown) setHidden({ sale, shown });
              else void toggle(sale);
            },
            onDelete: setDeleting,
          }),
        ]}
        items={sales}
        itemId={(sale) => sale._id}
        query={result}
        messages={{ ...saleMessages, error: 'Sales could not be loaded.' }}
        summary={(data) => (data.total === 1 ? '1 sale' : `${data.total} sales`)}
        pages={{ label: 'Sale pages', hrefFor: (target) => (target > 1 ? `/admin/sale?page=${target}` : '/admin/sale') }}
      />
      {editing && <SaleDialog sale={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.saleName}?`}
          action={`Delete ${deleting.saleName}`}
          onConfirm={() => destroy(deleting)}
          onClose={() => setDeleting(null)}
        >
          <p>{deleting.saleStatus ? 'It is on: its prices and banner leave every storefront at once.' : 'It is off; this cannot be undone.'}</p>
        </ConfirmDialog>
      )}
      {hidden && (
        <ConfirmDialog
          title={`Switch ${hidden.sale.saleName} on?`}
          action={`Switch ${hidden.sale.saleName} on`}
          onConfirm={() => toggle(hidden.sale)}
          onClose={() => setHidden(null)}
        >
          <p>
            Its prices apply at once, but its banner will not show: the storefront shows one sale&apos;s banner, the first one on, and that is{' '}
            <strong>{hidden.shown.saleName}</strong>. Switch that one off to show this banner.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * bannerSaleBefore is the sale whose banner the storefront shows instead of `sale`'s once it is
 * on: the storefront shows the first sale on, in the list's order (the shop's), so a sale on
 * above `sale` in the list keeps the banner.
 */
export function bannerSaleBefore(sales: readonly AdminSale[], sale: AdminSale): AdminSale | undefined {
  const at = sales.findIndex((other) => other._id === sale._id);
  return sales.slice(0, Math.max(0, at)).find((other) => other.saleStatus);
}

/** The sale form's fields by their API names, for the server's messages that name them ("saleName is required"). */
const saleLabels: Record<string, string> = {
  saleName: 'Name',
  discountPercentage: 'Discount',
  gender: 'Gender',
  category: 'Category',
  subCategories: 'Sub-categories',
};

function SaleDialog({ sale, onClose }: { sale: AdminSale | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const ids = { gender: useId(), category: useId() };
  const [form, setForm] = useState<SaleForm>(sale ? saleToForm(sale) : emptySaleForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const { data: categories } = useGetSaleCategoriesQuery();
  const [create, creating] = useCreateSaleMutation();
  const [update, updating] = useUpdateSaleMutation();
  const desktop = usePictureUploads(salePictures);
  const phone = usePictureUploads(salePictures);
  const busy = creating.isLoading || updating.isLoading || desktop.busy || phone.busy;
  const chosen = categories?.items.find((category) => category._id === form.categoryId);

  function uploadTo(field: 'image' | 'mobileImage', file: File) {
    return (field === 'image' ? desktop : phone).send(
      [file],
      (url) => {
        setForm((current) => ({ ...current, [field]: url }));
        setErrors(({ [field]: _done, ...rest }) => rest);
      },
      (message) => setErrors((current) => ({ ...current, [field]: message })),
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = checkSaleForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = sale ? await update({ id: sale._id, body: saleBody(form) }).unwrap() : await create(saleBody(form)).unwrap();
      dispatch(toastShown({ message: sale ? `${saved.saleName} saved` : `${saved.saleName} created` }));
      onClose();
    } catch (failure) {
      const { message, errors: fields } = apiError(failure);
      const readable = readableErrors(fields ?? {}, saleLabels);
      setErrors({ ...readable, ...(readable.discountPercentage ? { discount: readable.discountPercentage } : {}) });
      setAlert(message ? readableMessage(message, saleLabels) : 'The sale could not be saved');
    }
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={`${styles.dialog} ${own.dialog}`}>
      <h2 id={titleId}>{sale ? `Edit ${sale.saleName}` : 'New sale'}</h2>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={sale ? `Edit ${sale.saleName}` : 'New sale'}>
        <FormAlert>{alert}</FormAlert>
        <div className={formStyles.row}>
          <Field label="Name" name="saleName" value={form.saleName} onChange={(event) => setForm({ ...form, saleName: event.target.value })} error={errors.saleName} autoComplete="off" />
          <Field label="Discount (%)" name="discount" inputMode="numeric" value={form.discount} onChange={(event) => setForm({ ...form, discount: event.target.value })} error={errors.discount} />
        </div>
        <div className={formStyles.row}>
          <div className={own.select}>
            <label htmlFor={ids.gender}>For</label>
            <select id={ids.gender} value={form.gender} onChange={(event) => setForm({ ...form, gender: event.target.value })}>
              <option value="All">Everyone</option>
              <option value="Men">Men</option>
              <option value="Women">Women</option>
            </select>
          </div>
          <div className={own.select}>
            <label htmlFor={ids.category}>Category</label>
            <select id={ids.category} value={form.categoryId} onChange={(event) => setForm({ ...form, categoryId: event.target.value, subCategoryIds: [] })}>
              <option value="">All categories</option>
              {(categories?.items ?? []).map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                  {category.gender ? ` (${category.gender})` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
        {chosen && chosen.subCategory.length > 0 && (
          <fieldset className={own.subs}>
            <legend>Sub-categories (none ticked: the whole category)</legend>
            {chosen.subCategory.map((sub) => (
              <Checkbox
                key={sub._id}
                label={sub.categoryType}
                checked={form.subCategoryIds.includes(sub._id)}
                onChange={(event) =>
                  setForm({
                    ...form,
                    subCategoryIds: event.target.checked ? [...form.subCategoryIds, sub._id] : form.subCategoryIds.filter((id) => id !== sub._id),
                  })
                }
              />
            ))}
          </fieldset>
        )}
        <div className={formStyles.row}>
          <ImageField label="Desktop banner" value={form.image} ratio="16 / 5" error={errors.image} upload={desktop.pending[0]} onPick={(file) => void uploadTo('image', file)} />
          <ImageField
            label="Phone banner"
            value={form.mobileImage}
            ratio="16 / 9"
            error={errors.mobileImage ?? errors.mobileIamge}
            upload={phone.pending[0]}
            onPick={(file) => void uploadTo('mobileImage', file)}
          />
        </div>
        <Checkbox label="On (shoppers see it now)" checked={form.active} onChange={(event) => setForm({ ...form, active: event.target.checked })} />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner size={16} />}
            {sale ? 'Save' : 'Create sale'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
