// The back office's banners (/admin/banners): the home page's hero and the best-seller
// listing's banner. Each place lists its banners in order — the first one that is on is what
// shoppers see, none on keeps the page's drawn design — and admins add, edit (title with
// *emphasis*, line below, button, desktop and phone pictures, order), switch on or off and
// delete them; staff read the screen only. Every open storefront follows at once.
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Dialog } from '../../../components/Dialog';
import { Checkbox, Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { usePictureUploads } from '../../../components/ImageDrop';
import { ImageField } from '../../../components/ImageField';
import { Spinner } from '../../../components/Spinner';
import list from '../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../app/hooks';
import type { ApiError } from '../../../lib/api';
import { toastShown } from '../../../lib/toast';
import { useCreateBannerMutation, useDeleteBannerMutation, useGetAdminBannersQuery, useUpdateBannerMutation } from '../api';
import { bannerBody, bannerFor, bannerPlaces, bannerToForm, checkBannerForm, emptyBannerForm, plainTitle } from '../banners';
import type { Banner, BannerForm, BannerPlace } from '../types';
import { BannerTitle } from './BannerParts';
import own from './BannersPage.module.css';

export const bannerMessages = { loading: 'Loading...', empty: 'No banner stored: the page shows its own drawn design.' } as const;

/** How the screen readies a picture before it goes up: a reason it cannot, and the file to send. */
export interface PictureRules {
  problem: (file: File) => string;
  prepare: (file: File) => Promise<File>;
}

function apiError(error: unknown): Partial<ApiError> {
  return (error as Partial<ApiError> | undefined) ?? {};
}

type Editing = { kind: 'edit'; banner: Banner | null; place: BannerPlace } | { kind: 'delete'; banner: Banner };

export function BannersPage({ canChange, pictures }: { canChange: boolean; pictures: PictureRules }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetAdminBannersQuery();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [update] = useUpdateBannerMutation();
  const [remove] = useDeleteBannerMutation();

  useEffect(() => {
    if (isError) dispatch(toastShown({ message: apiError(error).message || 'Banners could not be loaded', type: 'error' }));
  }, [dispatch, isError, error]);

  async function toggle(banner: Banner) {
    try {
      const changed = await update({ id: banner._id, body: { active: !banner.active } }).unwrap();
      dispatch(toastShown({ message: `${plainTitle(changed.title)} is ${changed.active ? 'on' : 'off'}` }));
    } catch (failure) {
      dispatch(toastShown({ message: apiError(failure).message || 'The banner could not be switched', type: 'error' }));
    }
  }

  async function destroy(banner: Banner) {
    try {
      await remove(banner._id).unwrap();
      dispatch(toastShown({ message: `${plainTitle(banner.title)} deleted` }));
    } catch (failure) {
      const message = apiError(failure).message || 'The banner could not be deleted';
      dispatch(toastShown({ message, type: 'error' }));
      throw new Error(message);
    }
  }

  return (
    <div className={list.page}>
      <title>Banners — drape back office</title>
      <header>
        <p className={list.eyebrow}>Back office</p>
        <h1 className={list.title}>Banners</h1>
        <p className={list.lede}>
          The pictures and words at the top of the home page and the Best Seller listing. Each page shows the first banner that is on; with none, it keeps its
          drawn design. Sub-category and sale banners live with their sub-category and sale.{canChange ? '' : ' Only admins change them.'}
        </p>
      </header>
      <div className={list.summary} aria-live="polite">
        {isFetching && !isLoading && (
          <span className={list.refreshing}>
            <Spinner size={14} /> Updating
          </span>
        )}
      </div>
      {bannerPlaces.map((place) => {
        const banners = (data ?? []).filter((banner) => banner.place === place.value);
        const shown = bannerFor(banners, place.value);
        return (
          <section key={place.value} className={own.place} aria-labelledby={`place-${place.value}`}>
            <div className={own.placeHead}>
              <div>
                <h2 id={`place-${place.value}`} className={own.placeTitle}>
                  {place.label}
                </h2>
                <p className={own.placeDetail}>{place.detail}</p>
              </div>
              {canChange && (
                <Button variant="secondary" onClick={() => setEditing({ kind: 'edit', banner: null, place: place.value })}>
                  New banner
                </Button>
              )}
            </div>
            {isLoading ? (
              <p className={list.state}>{bannerMessages.loading}</p>
            ) : isError ? (
              <div className={list.state}>
                <p>Banners could not be loaded.</p>
                <Button variant="secondary" onClick={() => void refetch()}>
                  Try again
                </Button>
              </div>
            ) : banners.length === 0 ? (
              <p className={list.state}>{bannerMessages.empty}</p>
            ) : (
              <ul className={own.banners}>
                {banners.map((banner) => (
                  <li key={banner._id} className={own.banner} data-testid="banner-row">
                    <img src={banner.image} alt="" className={place.value === 'home' ? own.thumbHero : own.thumbBest} loading="lazy" />
                    <div className={own.bannerText}>
                      <p className={own.bannerTitle}>
                        <BannerTitle title={banner.title} />
                      </p>
                      {banner.subtitle && <p className={own.bannerSubtitle}>{banner.subtitle}</p>}
                      <p className={own.bannerMeta}>
                        <span className={`${list.pill} ${banner.active ? list.good : list.bad}`}>
                          {banner._id === shown?._id ? 'Showing now' : banner.active ? 'On' : 'Off'}
                        </span>
                        {banner.link && (
                          <span>
                            {banner.linkText} → {banner.link}
                          </span>
                        )}
                        <span>{banner.mobileImage ? 'Own phone picture' : 'Phones show the desktop picture'}</span>
                        <span>Position {banner.position}</span>
                      </p>
                    </div>
                    {canChange && (
                      <span className={`${list.actions} ${own.bannerActions}`}>
                        <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'edit', banner, place: banner.place })} aria-label={`Edit ${plainTitle(banner.title)}`}>
                          Edit
                        </button>
                        <button type="button" className={list.toggle} onClick={() => void toggle(banner)} aria-label={`Switch ${plainTitle(banner.title)} ${banner.active ? 'off' : 'on'}`}>
                          {banner.active ? 'Switch off' : 'Switch on'}
                        </button>
                        <button type="button" className={list.toggle} onClick={() => setEditing({ kind: 'delete', banner })} aria-label={`Delete ${plainTitle(banner.title)}`}>
                          Delete
                        </button>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {editing?.kind === 'edit' && <BannerDialog banner={editing.banner} place={editing.place} pictures={pictures} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${plainTitle(editing.banner.title)}?`}
          action="Delete banner"
          onClose={() => setEditing(null)}
          onConfirm={() => destroy(editing.banner)}
        >
          <p>The page shows its next banner that is on, or its drawn design.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function BannerDialog({ banner, place, pictures, onClose }: { banner: Banner | null; place: BannerPlace; pictures: PictureRules; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const [form, setForm] = useState<BannerForm>(banner ? bannerToForm(banner) : emptyBannerForm(place));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [create, creating] = useCreateBannerMutation();
  const [update, updating] = useUpdateBannerMutation();
  const desktop = usePictureUploads({ path: 'admin/uploads/banners', ...pictures });
  const phone = usePictureUploads({ path: 'admin/uploads/banners', ...pictures });
  const uploading = desktop.busy || phone.busy;
  const { form: formRef, focusInvalid } = useInvalidFocus();
  const saving = creating.isLoading || updating.isLoading;
  const where = bannerPlaces.find((p) => p.value === form.place);
  const heading = banner ? 'Edit banner' : `New banner: ${where?.label ?? ''}`;
  const hero = form.place === 'home';

  function pick(field: 'image' | 'mobileImage', file: File) {
    return (field === 'image' ? desktop : phone).send(
      [file],
      (url) => {
        setForm((current) => ({ ...current, [field]: url }));
        setErrors(({ [field]: _done, ...rest }) => rest);
      },
      (message) => setErrors((current) => ({ ...current, [field]: message })),
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = checkBannerForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      const saved = banner ? await update({ id: banner._id, body: bannerBody(form) }).unwrap() : await create(bannerBody(form)).unwrap();
      dispatch(toastShown({ message: `${plainTitle(saved.title)} ${banner ? 'saved' : 'added'}${saved.active ? '' : ' (off)'}` }));
      onClose();
    } catch (failure) {
      const { message, errors: fields } = apiError(failure);
      setErrors(fields ?? {});
      setAlert(message || 'The banner could not be saved');
      dispatch(toastShown({ message: message || 'The banner could not be saved', type: 'error' }));
      focusInvalid();
    }
  }

  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={`${list.dialog} ${own.dialog}`}>
      <h2 id={titleId}>{heading}</h2>
      <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate aria-label={heading}>
        <FormAlert>{alert}</FormAlert>
        <Field
          label="Title"
          name="title"
          autoComplete="off"
          hint="Words between *asterisks* are set in gold italics."
          value={form.title}
          onChange={(e) => setForm({ ...form, title: e.target.value })}
          error={errors.title}
        />
        <Field
          label="Line below the title"
          name="subtitle"
          optional
          autoComplete="off"
          value={form.subtitle}
          onChange={(e) => setForm({ ...form, subtitle: e.target.value })}
          error={errors.subtitle}
        />
        <div className={formStyles.row}>
          <Field
            label="Button words"
            name="linkText"
            optional
            autoComplete="off"
            value={form.linkText}
            onChange={(e) => setForm({ ...form, linkText: e.target.value })}
            error={errors.linkText}
          />
          <Field
            label="Button goes to"
            name="link"
            optional
            autoComplete="off"
            placeholder="/shop"
            value={form.link}
            onChange={(e) => setForm({ ...form, link: e.target.value })}
            error={errors.link}
          />
        </div>
        <div className={own.pictures} data-place={form.place}>
          <ImageField
            label="Desktop picture"
            value={form.image}
            ratio={hero ? '3 / 4' : '4 / 5'}
            upload={desktop.pending[0]}
            hint={hero ? 'Portrait 3:4.' : 'Portrait 4:5.'}
            error={errors.image}
            onPick={(file) => void pick('image', file)}
          />
          {hero && (
            <ImageField
              label="Phone picture (optional)"
              value={form.mobileImage}
              ratio="4 / 3"
              upload={phone.pending[0]}
              hint="Landscape 4:3. None: phones show the desktop picture."
              error={errors.mobileImage}
              onPick={(file) => void pick('mobileImage', file)}
              onClear={() => setForm({ ...form, mobileImage: '' })}
            />
          )}
        </div>
        <div className={formStyles.row}>
          <Field
            label="Position"
            name="position"
            inputMode="numeric"
            hint="Lower comes first."
            value={form.position}
            onChange={(e) => setForm({ ...form, position: e.target.value })}
            error={errors.position}
          />
        </div>
        <Checkbox label="On (shoppers see it)" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} />
        <div className={list.actions}>
          <Button type="submit" disabled={saving || uploading} aria-busy={saving || undefined}>
            {saving && <Spinner size={16} />}
            {banner ? 'Save' : 'Add banner'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
