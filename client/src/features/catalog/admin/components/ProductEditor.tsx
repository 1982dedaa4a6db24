// The product editor (/admin/addproduct and /admin/getproduct/{id}, admins; staff read): every
// SPEC §3 field, a sub-category from the catalog, images uploaded (first = thumbnail) and a size
// chart, a per-size stock editor (the server refuses a save when someone changed a count since
// the editor opened, and says which), and a preview of the price shoppers pay before any sale.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '../../../../lib/router';
import { Button, ButtonLink } from '../../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles } from '../../../../components/Form';
import { ImageDrop, UploadProgress, usePictureUploads } from '../../../../components/ImageDrop';
import { Spinner } from '../../../../components/Spinner';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { formatRupees } from '../../../../lib/money';
import { toastShown } from '../../../../lib/toast';
import { useCreateProductMutation, useGetAdminProductQuery, useGetEditorCategoriesQuery, useUpdateProductMutation } from '../api';
import { checkProductForm, emptyProductForm, previewPrice, productBody, productToForm, type ProductForm } from '../editor';
import { readableErrors, readableMessage, showFirstError } from '../../../../lib/fieldErrors';
import { fitForUpload, imageProblem } from '../upload';
import own from './ProductEditor.module.css';
import { PictureList } from './PictureList';

/** Product pictures and size charts go to /uploads/products/, checked and scaled first. */
const productPictures = { path: 'admin/uploads/products', problem: imageProblem, prepare: fitForUpload };

/** The editor's fields by their API names, for messages that name them ("productId is required"). */
const productLabels: Record<string, string> = {
  productId: 'Product code',
  productName: 'Name',
  gender: 'Gender',
  subcategoryId: 'Sub-category',
  status: 'Status',
  colour: 'Colour',
  size: 'Fit',
  hsn: 'HSN code',
  basicProductDescription: 'Description',
  returnDescription: 'Return description',
  price: 'List price',
  discount: 'Discount',
  length: 'Length',
  width: 'Width',
  hight: 'Height',
  weight: 'Weight',
};

export function ProductEditor({ id, canChange, stockAside }: { id?: string; canChange: boolean; stockAside?: ReactNode }) {
  const { data, isLoading, isError } = useGetAdminProductQuery(id ?? '', { skip: !id });
  if (id && isLoading) return <p className={styles.state}>Loading...</p>;
  if (id && (isError || !data)) return <p className={styles.state}>This product could not be loaded.</p>;
  return <EditorForm key={data?._id ?? 'new'} id={id} initial={data ? productToForm(data) : emptyProductForm} canChange={canChange} stockAside={stockAside} />;
}

function EditorForm({
  id,
  initial,
  canChange,
  stockAside,
}: {
  id?: string;
  initial: ProductForm;
  canChange: boolean;
  /** Shown under the stock editor (the back-in-stock demand per size). */
  stockAside?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ids = { gender: useId(), sub: useId() };
  const [form, setForm] = useState<ProductForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const { data: categories } = useGetEditorCategoriesQuery();
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const pictures = usePictureUploads(productPictures);
  const chart = usePictureUploads(productPictures);
  const busy = creating.isLoading || updating.isLoading || pictures.busy || chart.busy;
  const set = (field: keyof ProductForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const shopperPays = previewPrice(Number(form.price), Number(form.discount));

  function uploadFiles(files: File[], into: 'images' | 'sizeChart') {
    const failed = (message: string) => setErrors((current) => ({ ...current, [into]: message }));
    const done = (url: string) => {
      setForm((current) => (into === 'images' ? { ...current, images: [...current.images, url] } : { ...current, sizeChart: url }));
      setErrors(({ [into]: _done, ...rest }) => rest);
    };
    return (into === 'images' ? pictures : chart).send(into === 'images' ? files : files.slice(0, 1), done, failed);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const shown = event.currentTarget as HTMLElement;
    setAlert('');
    const problems = readableErrors(checkProductForm(form), productLabels);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      showFirstError(shown);
      return;
    }
    try {
      const saved = id ? await update({ id, body: productBody(form) }).unwrap() : await create(productBody(form)).unwrap();
      dispatch(toastShown({ message: id ? `${saved.productName} saved` : `${saved.productName} created` }));
      if (id) setForm(productToForm(saved));
      else navigate(`/admin/getproduct/${saved._id}`, { replace: true });
    } catch (failure) {
      const { message, errors: fields } = (failure as Partial<ApiError>) ?? {};
      const readable = readableErrors(fields ?? {}, productLabels);
      setErrors(readable);
      setAlert(message ? readableMessage(message, productLabels) : 'The product could not be saved');
      showFirstError(shown);
    }
  }

  const rows = form.sizes;
  const setRow = (index: number, patch: Partial<(typeof rows)[number]>) =>
    setForm((current) => ({ ...current, sizes: current.sizes.map((row, at) => (at === index ? { ...row, ...patch } : row)) }));

  return (
    <div className={styles.page}>
      <title>{`${id ? form.productName || 'Product' : 'New product'} — drape back office`}</title>
      <header>
        <p className={styles.eyebrow}>Back office · Products</p>
        <h1 className={styles.title}>{id ? initial.productName : 'New product'}</h1>
        <p className={styles.lede}>Everything a shopper sees on the product page, and what is left in each size.</p>
      </header>
      <form className={`${formStyles.form} ${own.form}`} onSubmit={submit} noValidate aria-label={id ? 'Edit product' : 'New product'}>
        <FormAlert>{alert}</FormAlert>
        {!canChange && <FormAlert tone="info">Only an admin changes products.</FormAlert>}
        <fieldset className={own.section} disabled={!canChange}>
          <legend>The product</legend>
          <div className={own.grid}>
            <Field label="Product code" name="productId" value={form.productId} onChange={set('productId')} error={errors.productId} hint="Like JF-MSH-0042" />
            <Field label="Name" name="productName" value={form.productName} onChange={set('productName')} error={errors.productName} />
            <div className={own.select}>
              <label htmlFor={ids.gender}>For</label>
              <select id={ids.gender} value={form.gender} onChange={set('gender')}>
                <option value="Men">Men</option>
                <option value="Women">Women</option>
                <option value="Unisex">Unisex</option>
              </select>
              {errors.gender && <span className={own.error}>{errors.gender}</span>}
            </div>
            <div className={own.select}>
              <label htmlFor={ids.sub}>Sub-category</label>
              <select id={ids.sub} value={form.subcategoryId} onChange={set('subcategoryId')} aria-invalid={errors.subcategoryId ? true : undefined}>
                <option value="">Choose…</option>
                {(categories?.items ?? []).map((category) => (
                  <optgroup key={category._id} label={`${category.name} (${category.gender})`}>
                    {category.subCategory.map((sub) => (
                      <option key={sub._id} value={sub._id}>
                        {sub.categoryType}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {errors.subcategoryId && <span className={own.error}>{errors.subcategoryId}</span>}
            </div>
            <Field label="Colour" name="colour" value={form.colour} onChange={set('colour')} error={errors.colour} />
            <Field label="Fit" name="fit" value={form.fit} onChange={set('fit')} error={errors.size} hint="Slim, Regular, Relaxed…" />
            <Field
              label="HSN code"
              name="hsn"
              inputMode="numeric"
              maxLength={8}
              placeholder={form.hsnWas ? undefined : 'Sub-category default'}
              value={form.hsn}
              onChange={set('hsn')}
              error={errors.hsn}
              hint={
                form.hsnWas && form.hsn.trim() === form.hsnWas
                  ? 'For GST invoices: 4, 6 or 8 digits. Empty it for the sub-category’s default.'
                  : 'For GST invoices: 4, 6 or 8 digits. Left empty, the sub-category’s default (6205 for men’s woven shirts…).'
              }
            />
          </div>
          <label className={own.area}>
            <span>Description</span>
            <textarea rows={3} value={form.basicProductDescription} onChange={set('basicProductDescription')} />
            {errors.basicProductDescription && <span className={own.error}>{errors.basicProductDescription}</span>}
          </label>
          <label className={own.area}>
            <span>Returns</span>
            <textarea rows={2} value={form.returnDescription} onChange={set('returnDescription')} />
          </label>
        </fieldset>

        <fieldset className={own.section} disabled={!canChange}>
          <legend>Price</legend>
          <div className={own.grid3}>
            <Field label="List price (₹)" name="price" inputMode="decimal" value={form.price} onChange={set('price')} error={errors.price} />
            <Field label="Discount (%)" name="discount" inputMode="numeric" value={form.discount} onChange={set('discount')} error={errors.discount} />
            <p className={own.preview} aria-live="polite">
              <span>Shoppers pay</span>
              <strong>{shopperPays > 0 ? formatRupees(shopperPays) : '—'}</strong>
              {shopperPays > 0 && shopperPays < Number(form.price) && <s>{formatRupees(Number(form.price))}</s>}
              <small>before any sale</small>
            </p>
          </div>
        </fieldset>

        <fieldset className={own.section} disabled={!canChange}>
          <legend>Sizes and stock</legend>
          <table className={own.stock} aria-label="Sizes and stock">
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">In stock</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td>
                    <input aria-label={`Size ${index + 1}`} value={row.size} onChange={(event) => setRow(index, { size: event.target.value })} />
                  </td>
                  <td>
                    <input aria-label={`Stock of size ${row.size || index + 1}`} inputMode="numeric" value={row.stock} onChange={(event) => setRow(index, { stock: event.target.value })} />
                    {row.was !== undefined && String(row.was) !== row.stock.trim() && <span className={own.was}>was {row.was}</span>}
                  </td>
                  <td>
                    <button
                      type="button"
                      className={styles.toggle}
                      onClick={() => setForm((current) => ({ ...current, sizes: current.sizes.filter((_, at) => at !== index) }))}
                      aria-label={`Remove size ${row.size || index + 1}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {errors.sizes && <p className={own.error}>{errors.sizes}</p>}
          <Button type="button" variant="secondary" onClick={() => setForm((current) => ({ ...current, sizes: [...current.sizes, { size: '', stock: '' }] }))}>
            Add a size
          </Button>
          {stockAside}
        </fieldset>

        <fieldset className={own.section} disabled={!canChange}>
          <legend>Pictures</legend>
          <PictureList
            images={form.images}
            pending={pictures.pending}
            error={errors.images}
            disabled={!canChange}
            onChange={(images) => setForm((current) => ({ ...current, images }))}
            onFiles={(files) => void uploadFiles(files, 'images')}
          />
          <div className={own.chart}>
            {form.sizeChart && <img src={form.sizeChart} alt="The size chart" />}
            {chart.pending.map((upload) => (
              <span key={upload.id} className={own.chartUpload}>
                <img src={upload.preview} alt={`${upload.name}, uploading`} />
                <UploadProgress upload={upload} />
              </span>
            ))}
            <ImageDrop
              label="Size chart"
              prompt={form.sizeChart ? 'Drop a new chart here or choose one' : undefined}
              disabled={!canChange}
              invalid={Boolean(errors.sizeChart)}
              onFiles={(files) => void uploadFiles(files, 'sizeChart')}
            />
          </div>
          {errors.sizeChart && <p className={own.error}>{errors.sizeChart}</p>}
        </fieldset>

        <fieldset className={own.section} disabled={!canChange}>
          <legend>Parcel (for the courier)</legend>
          <div className={own.grid4}>
            <Field label="Length (cm)" name="length" inputMode="decimal" value={form.length} onChange={set('length')} error={errors.length} />
            <Field label="Width (cm)" name="width" inputMode="decimal" value={form.width} onChange={set('width')} error={errors.width} />
            <Field label="Height (cm)" name="height" inputMode="decimal" value={form.height} onChange={set('height')} error={errors.hight} />
            <Field label="Weight (g)" name="weight" inputMode="numeric" value={form.weight} onChange={set('weight')} error={errors.weight} />
          </div>
          <Checkbox label="Best seller" checked={form.bestSeller} onChange={(event) => setForm({ ...form, bestSeller: event.target.checked })} />
          <Checkbox label="Shown on the storefront" checked={form.active} onChange={(event) => setForm({ ...form, active: event.target.checked })} />
        </fieldset>

        <div className={styles.actions}>
          {canChange && (
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy && <Spinner size={16} />}
              {id ? 'Save product' : 'Create product'}
            </Button>
          )}
          <ButtonLink to="/admin/productslist" variant="secondary">
            Back to products
          </ButtonLink>
        </div>
      </form>
    </div>
  );
}
