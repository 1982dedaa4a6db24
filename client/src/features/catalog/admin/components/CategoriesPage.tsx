// The back office's categories (/admin/addcategory): every category with its sub-categories,
// their pictures and how many products each holds. Admins add, rename, re-picture, reorder and
// delete them (the server refuses to delete what products or a sale still use, and says so);
// staff read the screen only. Pictures are scaled in the browser when large and re-encoded by
// the server.
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../../components/Button';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { Dialog } from '../../../../components/Dialog';
import { Field, FormAlert, SelectField, formStyles, useInvalidFocus } from '../../../../components/Form';
import { usePictureUploads } from '../../../../components/ImageDrop';
import { ImageField } from '../../../../components/ImageField';
import { Link } from '../../../../components/Link';
import { Spinner } from '../../../../components/Spinner';
import list from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { productListPath } from '../../../../lib/paths';
import { toastShown } from '../../../../lib/toast';
import {
  categoryBody,
  categoryGenders,
  categoryToForm,
  checkCategoryForm,
  checkSubCategoryForm,
  emptyCategoryForm,
  emptySubCategoryForm,
  productCountLabel,
  subCategoryBody,
  subCategoryToForm,
  type AdminCategory,
  type AdminSubCategory,
  type CategoryForm,
  type SubCategoryForm,
} from '../categories';
import {
  useCreateCategoryMutation,
  useCreateSubCategoryMutation,
  useDeleteCategoryMutation,
  useDeleteSubCategoryMutation,
  useGetAdminCategoriesQuery,
  useUpdateCategoryMutation,
  useUpdateSubCategoryMutation,
} from '../categoryApi';
import { fitForUpload, imageProblem } from '../upload';
import own from './CategoriesPage.module.css';

export const categoryMessages = { loading: 'Loading...', empty: 'No categories yet. Add the first one.' } as const;

function apiError(error: unknown): Partial<ApiError> {
  return (error as Partial<ApiError> | undefined) ?? {};
}

type Editing =
  | { kind: 'category'; category: AdminCategory | null }
  | { kind: 'sub'; sub: AdminSubCategory | null; categoryId: string }
  | { kind: 'delete-category'; category: AdminCategory }
  | { kind: 'delete-sub'; sub: AdminSubCategory };

export function CategoriesPage({ canChange }: { canChange: boolean }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAdminCategoriesQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleteCategory] = useDeleteCategoryMutation();
  const [deleteSub] = useDeleteSubCategoryMutation();

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: apiError(error).message || 'Categories could not be loaded', type: 'error' }));
  }, [dispatch, isError, error]);

  const categories = data ?? [];
  const subCount = categories.reduce((n, c) => n + c.subCategory.length, 0);

  async function remove(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      dispatch(toastShown({ message: done }));
    } catch (failure) {
      const message = apiError(failure).message || 'It could not be deleted';
      dispatch(toastShown({ message, type: 'error' }));
      throw new Error(message);
    }
  }

  return (
    <div className={list.page}>
      <title>Categories — drape back office</title>
      <header className={own.header}>
        <div>
          <p className={list.eyebrow}>Back office</p>
          <h1 className={list.title}>Categories</h1>
          <p className={list.lede}>
            Categories and their sub-categories make the shop&rsquo;s menu and tiles; each sub-category is a listing at /products/&#123;name&#125;.
            {canChange ? '' : ' Only admins change them.'}
          </p>
        </div>
        {canChange && <Button onClick={() => setEditing({ kind: 'category', category: null })}>New category</Button>}
      </header>
      <div className={list.summary} aria-live="polite">
        {data && !isLoading && (
          <span>
            {categories.length === 1 ? '1 category' : `${categories.length} categories`} · {subCount === 1 ? '1 sub-category' : `${subCount} sub-categories`}
          </span>
        )}
        {isFetching && !isLoading && (
          <span className={list.refreshing}>
            <Spinner size={14} /> Updating
          </span>
        )}
      </div>
      {isLoading ? (
        <p className={`${own.card} ${list.state}`}>{categoryMessages.loading}</p>
      ) : categories.length === 0 ? (
        <div className={`${own.card} ${list.state}`}>
          <p>{isError ? 'Categories could not be loaded.' : categoryMessages.empty}</p>
          {isError && (
            <Button variant="secondary" onClick={() => void refetch()}>
              Try again
            </Button>
          )}
        </div>
      ) : (
        categories.map((category) => (
          <section key={category._id} className={own.card} aria-labelledby={`category-${category._id}`}>
            <div className={own.categoryHead}>
              <Thumb src={category.image} className={own.categoryThumb} />
              <div className={own.categoryText}>
                <h2 id={`category-${category._id}`} className={own.categoryName}>
                  {category.name}
                </h2>
                <p className={own.meta}>
                  <span className={list.role}>{category.gender}</span>
                  <span>{productCountLabel(category.products, category.visibleProducts)}</span>
                  <span>Position {category.position}</span>
                </p>
              </div>
              {canChange && (
                <span className={list.actions}>
                  <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'sub', sub: null, categoryId: category._id })}>
                    Add sub-category
                  </button>
                  <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'category', category })} aria-label={`Edit ${category.name}`}>
                    Edit
                  </button>
                  <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'delete-category', category })} aria-label={`Delete ${category.name}`}>
                    Delete
                  </button>
                </span>
              )}
            </div>
            {category.subCategory.length === 0 ? (
              <p className={own.none}>No sub-categories yet.</p>
            ) : (
              <table className={`${list.table} ${own.subs}`} aria-label={`${category.name} sub-categories`}>
                <thead>
                  <tr>
                    <th scope="col">Sub-category</th>
                    <th scope="col">Listing</th>
                    <th scope="col" className={list.numeric}>
                      Products
                    </th>
                    <th scope="col" className={list.numeric}>
                      Position
                    </th>
                    {canChange && (
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {category.subCategory.map((sub) => (
                    <tr key={sub._id} className={list.row}>
                      <td>
                        <span className={own.subName}>
                          <Thumb src={sub.image} className={own.subThumb} />
                          <span className={list.who}>{sub.categoryType}</span>
                        </span>
                      </td>
                      <td>
                        <Link to={productListPath(sub.categoryType)} className={own.listing}>
                          {decodeURIComponent(productListPath(sub.categoryType))}
                        </Link>
                      </td>
                      <td className={list.numeric}>{productCountLabel(sub.products, sub.visibleProducts)}</td>
                      <td className={list.numeric}>{sub.position}</td>
                      {canChange && (
                        <td className={list.toggleCell}>
                          <span className={list.actions}>
                            <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'sub', sub, categoryId: sub.categoryId })} aria-label={`Edit ${sub.categoryType}`}>
                              Edit
                            </button>
                            <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'delete-sub', sub })} aria-label={`Delete ${sub.categoryType}`}>
                              Delete
                            </button>
                          </span>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ))
      )}
      {editing?.kind === 'category' && <CategoryDialog category={editing.category} categories={categories} onClose={() => setEditing(null)} />}
      {editing?.kind === 'sub' && <SubCategoryDialog sub={editing.sub} categoryId={editing.categoryId} categories={categories} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete-category' && (
        <ConfirmDialog
          title={`Delete ${editing.category.name}?`}
          action={`Delete ${editing.category.name}`}
          onClose={() => setEditing(null)}
          onConfirm={() => remove(() => deleteCategory(editing.category._id).unwrap(), `${editing.category.name} deleted`)}
        >
          <p>
            Its {editing.category.subCategory.length === 1 ? 'sub-category goes' : `${editing.category.subCategory.length} sub-categories go`} with it. A category that still
            holds products, or that a sale covers, is kept.
          </p>
        </ConfirmDialog>
      )}
      {editing?.kind === 'delete-sub' && (
        <ConfirmDialog
          title={`Delete ${editing.sub.categoryType}?`}
          action={`Delete ${editing.sub.categoryType}`}
          onClose={() => setEditing(null)}
          onConfirm={() => remove(() => deleteSub(editing.sub._id).unwrap(), `${editing.sub.categoryType} deleted`)}
        >
          <p>Its listing {decodeURIComponent(productListPath(editing.sub.categoryType))} leaves the shop. A sub-category that still holds products, or that a sale covers, is kept.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function Thumb({ src, className }: { src: string; className?: string }) {
  return src ? <img src={src} alt="" className={className} loading="lazy" /> : <span className={`${className} ${own.noImage}`} aria-hidden="true" />;
}

/** Pictures of categories and sub-categories go to the sub-category folder, checked and scaled first. */
const categoryPictures = { path: 'admin/uploads/subCatrgory', problem: imageProblem, prepare: fitForUpload };

/**
 * What the category and sub-category dialogs share: the form's fields starting from `initial`,
 * field messages, the picture upload into `image`, and the save — local checks first, then
 * `save`; a refusal's field messages go by the fields and its message above the form and in a
 * toast; success toasts `done` and closes.
 */
function useEditorForm<F extends { image: string }>({
  initial,
  check,
  save,
  done,
  failed,
  onClose,
}: {
  initial: F;
  check: (form: F) => Record<string, string>;
  save: (form: F) => Promise<unknown>;
  done: (form: F) => string;
  failed: string;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const picture = usePictureUploads(categoryPictures);
  const { form: formRef, focusInvalid } = useInvalidFocus();

  function pick(file: File) {
    return picture.send(
      [file],
      (url) => {
        setForm((current) => ({ ...current, image: url }));
        setErrors(({ image: _done, ...rest }) => rest);
      },
      (message) => setErrors((current) => ({ ...current, image: message })),
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = check(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      await save(form);
      dispatch(toastShown({ message: done(form) }));
      onClose();
    } catch (failure) {
      const { message, errors: fields } = apiError(failure);
      setErrors(fields ?? {});
      setAlert(message || failed);
      dispatch(toastShown({ message: message || failed, type: 'error' }));
      focusInvalid();
    }
  }

  return { form, setForm, errors, alert, formRef, pick, submit, upload: picture.pending[0], uploading: picture.busy };
}

function CategoryDialog({ category, categories, onClose }: { category: AdminCategory | null; categories: AdminCategory[]; onClose: () => void }) {
  const titleId = useId();
  const [create, creating] = useCreateCategoryMutation();
  const [update, updating] = useUpdateCategoryMutation();
  const { form, setForm, errors, alert, formRef, pick, submit, upload, uploading } = useEditorForm<CategoryForm>({
    initial: category ? categoryToForm(category) : emptyCategoryForm,
    check: (current) => checkCategoryForm(current, categories, category?._id),
    save: (current) =>
      category ? update({ id: category._id, body: categoryBody(current) }).unwrap() : create(categoryBody(current)).unwrap(),
    done: (current) => `${current.name.trim()} ${category ? 'saved' : 'added'}`,
    failed: 'The category could not be saved',
    onClose,
  });
  const saving = creating.isLoading || updating.isLoading;
  const heading = category ? `Edit ${category.name}` : 'New category';

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={`${list.dialog} ${own.dialog}`}>
      <h2 id={titleId}>{heading}</h2>
      <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate aria-label={heading}>
        <FormAlert>{alert}</FormAlert>
        <div className={formStyles.row}>
          <Field label="Name" name="name" autoComplete="off" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} error={errors.name} />
          <SelectField
            label="For"
            name="gender"
            options={categoryGenders}
            placeholder="Choose"
            value={form.gender}
            onChange={(e) => setForm({ ...form, gender: e.target.value })}
            error={errors.gender}
          />
        </div>
        <Field
          label="Position"
          name="position"
          inputMode="numeric"
          hint="Lower comes first in the menu."
          value={form.position}
          onChange={(e) => setForm({ ...form, position: e.target.value })}
          error={errors.position}
        />
        <ImageField
          label="Picture (optional)"
          value={form.image}
          upload={upload}
          hint="JPEG or PNG; large pictures are scaled down."
          error={errors.image}
          onPick={(file) => void pick(file)}
          onClear={() => setForm({ ...form, image: '' })}
        />
        <div className={list.actions}>
          <Button type="submit" disabled={saving || uploading} aria-busy={saving || undefined}>
            {saving && <Spinner size={16} />}
            {category ? 'Save' : 'Add category'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function SubCategoryDialog({
  sub,
  categoryId,
  categories,
  onClose,
}: {
  sub: AdminSubCategory | null;
  categoryId: string;
  categories: AdminCategory[];
  onClose: () => void;
}) {
  const titleId = useId();
  const selectId = useId();
  const [create, creating] = useCreateSubCategoryMutation();
  const [update, updating] = useUpdateSubCategoryMutation();
  const { form, setForm, errors, alert, formRef, pick, submit, upload, uploading } = useEditorForm<SubCategoryForm>({
    initial: sub ? subCategoryToForm(sub) : emptySubCategoryForm(categoryId),
    check: (current) => checkSubCategoryForm(current, categories, sub?._id),
    save: (current) => (sub ? update({ id: sub._id, body: subCategoryBody(current) }).unwrap() : create(subCategoryBody(current)).unwrap()),
    done: (current) => `${current.categoryType.trim()} ${sub ? 'saved' : 'added'}`,
    failed: 'The sub-category could not be saved',
    onClose,
  });
  const saving = creating.isLoading || updating.isLoading;
  const heading = sub ? `Edit ${sub.categoryType}` : 'New sub-category';

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={`${list.dialog} ${own.dialog}`}>
      <h2 id={titleId}>{heading}</h2>
      <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate aria-label={heading}>
        <FormAlert>{alert}</FormAlert>
        <div className={formStyles.row}>
          <Field
            label="Name"
            name="categoryType"
            autoComplete="off"
            hint={form.categoryType.trim() ? `Its listing: ${decodeURIComponent(productListPath(form.categoryType.trim()))}` : 'Also names its listing, /products/{name}.'}
            value={form.categoryType}
            onChange={(e) => setForm({ ...form, categoryType: e.target.value })}
            error={errors.categoryType}
          />
          <div className={formStyles.field} data-invalid={errors.categoryId ? true : undefined}>
            <label htmlFor={selectId} className={formStyles.label}>
              Category
            </label>
            <div className={formStyles.control}>
              <select
                id={selectId}
                className={formStyles.input}
                value={form.categoryId}
                aria-invalid={errors.categoryId ? true : undefined}
                onChange={(e) => setForm({ ...form, categoryId: e.target.value })}
              >
                {categories.map((category) => (
                  <option key={category._id} value={category._id}>
                    {category.name}
                  </option>
                ))}
              </select>
            </div>
            {errors.categoryId && <p className={formStyles.error}>{errors.categoryId}</p>}
          </div>
        </div>
        <Field
          label="Position"
          name="position"
          inputMode="numeric"
          hint="Lower comes first in the Shop menu."
          value={form.position}
          onChange={(e) => setForm({ ...form, position: e.target.value })}
          error={errors.position}
        />
        <ImageField
          label="Picture (optional)"
          value={form.image}
          ratio="4 / 5"
          upload={upload}
          hint="The listing's banner and the home page tile. Portrait 4:5 looks best."
          error={errors.image}
          onPick={(file) => void pick(file)}
          onClear={() => setForm({ ...form, image: '' })}
        />
        <div className={list.actions}>
          <Button type="submit" disabled={saving || uploading} aria-busy={saving || undefined}>
            {saving && <Spinner size={16} />}
            {sub ? 'Save' : 'Add sub-category'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
