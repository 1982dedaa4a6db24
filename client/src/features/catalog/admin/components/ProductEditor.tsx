// The product editor (/admin/addproduct and /admin/getproduct/{id}, admins; staff read): every
// SPEC §3 field, a sub-category from the catalog, images uploaded (first = thumbnail) and a size
// chart, a per-size stock editor (the server refuses a save when someone changed a count since
// the editor opened, and says which), and a preview of the price shoppers pay before any sale.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { formatRupees } from '../../../../lib/money';
import { toastShown } from '../../../../lib/toast';
import { useCreateProductMutation, useGetAdminProductQuery, useGetEditorCategoriesQuery, useUpdateProductMutation, useUploadProductImageMutation } from '../api';
import { checkProductForm, emptyProductForm, previewPrice, productBody, productToForm, type ProductForm } from '../editor';
import { fitForUpload, imageProblem } from '../upload';
import own from './ProductEditor.module.css';

export function ProductEditor({ id, canChange }: { id?: string; canChange: boolean }) {
  const { data, isLoading, isError } = useGetAdminProductQuery(id ?? '', { skip: !id });
  if (id && isLoading) return <p className={styles.state}>Loading...</p>;
  if (id && (isError || !data)) return <p className={styles.state}>This product could not be loaded.</p>;
  return <EditorForm key={data?._id ?? 'new'} id={id} initial={data ? productToForm(data) : emptyProductForm} canChange={canChange} />;
}

function EditorForm({ id, initial, canChange }: { id?: string; initial: ProductForm; canChange: boolean }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ids = { gender: useId(), sub: useId(), images: useId(), chart: useId() };
  const [form, setForm] = useState<ProductForm>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const { data: categories } = useGetEditorCategoriesQuery();
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const [upload, uploading] = useUploadProductImageMutation();
  const busy = creating.isLoading || updating.isLoading || uploading.isLoading;
  const set = (field: keyof ProductForm) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const shopperPays = previewPrice(Number(form.price), Number(form.discount));

  async function uploadFiles(event: ChangeEvent<HTMLInputElement>, into: 'images' | 'sizeChart') {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    for (const file of files) {
      const problem = imageProblem(file);
      if (problem) {
        setErrors((current) => ({ ...current, [into]: problem }));
        continue;
      }
      try {
        const { url } = await upload(await fitForUpload(file)).unwrap();
        setForm((current) => (into === 'images' ? { ...current, images: [...current.images, url] } : { ...current, sizeChart: url }));
        setErrors(({ [into]: _done, ...rest }) => rest);
      } catch (failure) {
        setErrors((current) => ({ ...current, [into]: (failure as Partial<ApiError>)?.message || (failure as Error)?.message || 'The image could not be uploaded' }));
      }
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = checkProductForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = id ? await update({ id, body: productBody(form) }).unwrap() : await create(productBody(form)).unwrap();
      dispatch(toastShown({ message: id ? `${saved.productName} saved` : `${saved.productName} created` }));
      if (id) setForm(productToForm(saved));
      else navigate(`/admin/getproduct/${saved._id}`, { replace: true });
    } catch (failure) {
      const { message, errors: fields } = (failure as Partial<ApiError>) ?? {};
      setErrors(fields ?? {});
      setAlert(message || 'The product could not be saved');
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
        </fieldset>

        <fieldset className={own.section} disabled={!canChange}>
          <legend>Pictures</legend>
          <ul className={own.images} aria-label="Pictures">
            {form.images.map((url, index) => (
              <li key={url}>
                <img src={url} alt="" />
                {index === 0 && <span className={own.first}>Thumbnail</span>}
                <button
                  type="button"
                  className={styles.toggle}
                  aria-label={`Remove picture ${index + 1}`}
                  onClick={() => setForm((current) => ({ ...current, images: current.images.filter((other) => other !== url) }))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <label htmlFor={ids.images} className={own.pick}>
            Add pictures (JPEG or PNG; the first is the thumbnail)
          </label>
          <input id={ids.images} type="file" accept="image/jpeg,image/png" multiple onChange={(event) => void uploadFiles(event, 'images')} />
          {errors.images && <p className={own.error}>{errors.images}</p>}
          <label htmlFor={ids.chart} className={own.pick}>
            Size chart {form.sizeChart && <a href={form.sizeChart}>(current)</a>}
          </label>
          <input id={ids.chart} type="file" accept="image/jpeg,image/png" onChange={(event) => void uploadFiles(event, 'sizeChart')} />
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
