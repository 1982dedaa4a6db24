// The shopper's "Return or exchange" form for a delivered order: the kind (exchange for another
// size, or return for a refund; only the kinds whose window is open), the pieces and how many,
// for an exchange the size wanted, a reason from the policy, photos (uploaded at once through
// the server's re-encoding; required when the reason says so) and a note. A size that sold out
// meanwhile (409) is shown at its line with the way on: another size, or a refund instead.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import type { ApiError } from '../../../lib/api';
import { formatRupees } from '../../../lib/money';
import { useAskReturnMutation, useUploadReturnPhotoMutation } from '../api';
import { emptyPayout, payoutBody, payoutProblems, type PayoutChoice } from '../payout';
import { errorsByItem, soldOutItem, type ChosenLine } from '../rules';
import type { ReturnKind, ReturnPolicy, ReturnRequest } from '../types';
import { PayoutFields } from './PayoutFields';
import styles from './Returns.module.css';

/** An item of the order as the form offers it; `left` is how many may still be sent back. */
export interface ReturnableItem {
  item: number;
  productId: string;
  productName: string;
  size: string;
  left: number;
  thumbnail: string;
}

/** The sizes of a product and their stock, from the catalog (the page plugs the hook in). */
export type SizesHook = (productId: string) => { sizes: { size: string; stock: number }[]; loading: boolean };

const kindWords: Record<ReturnKind, { title: string; detail: string; submit: string }> = {
  exchange: { title: 'Exchange for another size', detail: 'We hold the new size for you now.', submit: 'Ask for the exchange' },
  return: { title: 'Return for a refund', detail: 'Refunded once the piece is back and checked.', submit: 'Ask for the return' },
};

export function ReturnDialog({
  orderId,
  items,
  policy,
  kinds,
  useSizes,
  cod = false,
  onClose,
  onDone,
}: {
  orderId: string;
  items: ReturnableItem[];
  policy: ReturnPolicy;
  /** The kinds whose window is open, exchange first. */
  kinds: ReturnKind[];
  useSizes: SizesHook;
  /** Paid cash on delivery: a return asks where to pay the refund. */
  cod?: boolean;
  onClose: () => void;
  onDone: (request: ReturnRequest) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<ReturnKind>(kinds[0] ?? 'return');
  const [chosen, setChosen] = useState<Record<number, { quantity: number; newSize: string }>>(() =>
    items.length === 1 && items[0]!.left > 0 ? { [items[0]!.item]: { quantity: 1, newSize: '' } } : {},
  );
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [payout, setPayout] = useState<PayoutChoice>(emptyPayout);
  const asksPayout = cod && kind === 'return';
  const [photos, setPhotos] = useState<{ url: string; name: string }[]>([]);
  const [lineErrors, setLineErrors] = useState<Map<number, string>>(new Map());
  const [soldOut, setSoldOut] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [askReturn, { isLoading: asking }] = useAskReturnMutation();
  const [uploadPhoto, { isLoading: uploading }] = useUploadReturnPhotoMutation();
  const { form, focusInvalid } = useInvalidFocus();
  const reasonInfo = policy.reasons.find((r) => r.code === reason);
  const fee = kind === 'exchange' && policy.freeExchanges ? 0 : policy.returnFee;

  const lines: (ChosenLine & { productName: string })[] = items
    .filter((it) => chosen[it.item])
    .map((it) => ({ item: it.item, productName: it.productName, quantity: chosen[it.item]!.quantity, newSize: chosen[it.item]!.newSize }));

  function changeLine(item: number, next: { quantity: number; newSize: string } | null) {
    setChosen((current) => {
      const copy = { ...current };
      if (next) copy[item] = next;
      else delete copy[item];
      return copy;
    });
    setLineErrors((current) => {
      const copy = new Map(current);
      copy.delete(item);
      return copy;
    });
    if (soldOut === item) setSoldOut(null);
  }

  function changeKind(next: ReturnKind) {
    setKind(next);
    setSoldOut(null);
    setLineErrors(new Map());
  }

  async function addPhotos(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setErrors(({ photos: _dropped, ...rest }) => rest);
    for (const file of files.slice(0, 5 - photos.length)) {
      try {
        const { url } = await uploadPhoto(file).unwrap();
        setPhotos((current) => [...current, { url, name: file.name }]);
      } catch (failure) {
        setErrors((current) => ({ ...current, photos: (failure as ApiError).message || 'The photo could not be uploaded.' }));
      }
    }
  }

  function check(): boolean {
    const problems: Record<string, string> = {};
    const byItem = new Map<number, string>();
    if (lines.length === 0) problems.lines = 'Choose the pieces to send back';
    if (kind === 'exchange') for (const line of lines) if (!line.newSize) byItem.set(line.item, 'Choose the size you want instead');
    if (!reason) problems.reason = 'Choose a reason';
    if (reasonInfo?.photoRequired && photos.length === 0) problems.photos = `Add a photo: "${reasonInfo.label}" needs one`;
    if (asksPayout) Object.assign(problems, payoutProblems(payout));
    setErrors(problems);
    setLineErrors(byItem);
    return Object.keys(problems).length === 0 && byItem.size === 0;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError('');
    setSoldOut(null);
    if (!check()) {
      focusInvalid();
      return;
    }
    try {
      const request = await askReturn({
        orderId,
        ask: {
          kind,
          lines: lines.map((line) => ({ item: line.item, quantity: line.quantity, ...(kind === 'exchange' ? { newSize: line.newSize } : {}) })),
          reason,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(photos.length ? { photos: photos.map((photo) => photo.url) } : {}),
          ...(asksPayout ? { payout: payoutBody(payout) } : {}),
        },
      }).unwrap();
      onDone(request);
    } catch (failure) {
      const error = failure as ApiError;
      const message = error.message || 'Your request could not be sent. Please try again.';
      const item = error.status === 409 && kind === 'exchange' ? soldOutItem(message, lines) : null;
      if (item !== null) {
        setLineErrors(new Map([[item, message]]));
        setSoldOut(item);
      } else if (error.status === 400 && error.errors) {
        const { byItem, other } = errorsByItem(error.errors, lines);
        setLineErrors(byItem);
        setErrors(other);
        if (byItem.size === 0 && Object.keys(other).length === 0) setFormError(message);
      } else {
        setFormError(message);
      }
      focusInvalid();
    }
  }

  return (
    <Dialog labelledBy={`${id}-title`} onClose={onClose} className={styles.dialog} closeLabel="Close without asking">
      <form ref={form} className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`}>
        <header className={styles.dialogHeader}>
          <p className={styles.eyebrow}>Order {orderId}</p>
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            Return or exchange
          </h2>
        </header>

        {kinds.length > 1 && (
          <fieldset className={styles.kinds}>
            <legend className={styles.legend}>What would you like?</legend>
            {kinds.map((k) => (
              <label key={k} className={styles.kind} data-checked={kind === k || undefined}>
                <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => changeKind(k)} />
                <span>
                  <span className={styles.kindTitle}>{kindWords[k].title}</span>
                  <span className={styles.kindDetail}>{kindWords[k].detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}

        <fieldset className={styles.pieces} aria-describedby={errors.lines ? `${id}-lines-error` : undefined}>
          <legend className={styles.legend}>Which pieces?</legend>
          {items.map((it) => (
            <PieceChoice
              key={it.item}
              piece={it}
              kind={kind}
              choice={chosen[it.item]}
              error={lineErrors.get(it.item)}
              useSizes={useSizes}
              onChange={(next) => changeLine(it.item, next)}
              offerRefund={soldOut === it.item && kinds.includes('return') ? () => changeKind('return') : undefined}
            />
          ))}
          {errors.lines && (
            <p id={`${id}-lines-error`} className={formStyles.error}>
              {errors.lines}
            </p>
          )}
        </fieldset>

        <div className={formStyles.field} data-invalid={errors.reason ? true : undefined}>
          <label htmlFor={`${id}-reason`} className={formStyles.label}>
            Reason
          </label>
          <div className={formStyles.control}>
            <select
              id={`${id}-reason`}
              className={formStyles.input}
              value={reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors(({ reason: _dropped, ...rest }) => rest);
              }}
            >
              <option value="">Choose a reason</option>
              {policy.reasons.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.label}
                </option>
              ))}
            </select>
          </div>
          {errors.reason && (
            <p id={`${id}-reason-error`} className={formStyles.error}>
              {errors.reason}
            </p>
          )}
        </div>

        <div className={formStyles.field} data-invalid={errors.photos ? true : undefined}>
          <label htmlFor={`${id}-photos`} className={formStyles.label}>
            Photos
            {!reasonInfo?.photoRequired && <span className={formStyles.optional}> (optional)</span>}
          </label>
          <input
            id={`${id}-photos`}
            className={styles.file}
            type="file"
            accept="image/jpeg,image/png"
            multiple
            disabled={uploading || photos.length >= 5}
            aria-invalid={errors.photos ? true : undefined}
            aria-describedby={`${id}-photos-hint`}
            onChange={(event) => void addPhotos(event)}
          />
          <p id={`${id}-photos-hint`} className={errors.photos ? formStyles.error : formStyles.hint}>
            {errors.photos ||
              (reasonInfo?.photoRequired ? `"${reasonInfo.label}" needs at least one photo. JPEG or PNG, up to 5.` : 'JPEG or PNG, up to 5.')}
          </p>
          {(photos.length > 0 || uploading) && (
            <ul className={styles.photos} aria-label="Photos added">
              {photos.map((photo) => (
                <li key={photo.url}>
                  <img src={photo.url} alt={photo.name} width={56} height={56} />
                  <button
                    type="button"
                    className={styles.removePhoto}
                    aria-label={`Remove ${photo.name}`}
                    onClick={() => setPhotos((current) => current.filter((p) => p.url !== photo.url))}
                  >
                    ×
                  </button>
                </li>
              ))}
              {uploading && (
                <li className={styles.photoLoading} role="status" aria-label="Uploading a photo">
                  <Spinner size={16} />
                </li>
              )}
            </ul>
          )}
        </div>

        {asksPayout && <PayoutFields value={payout} errors={errors} onChange={setPayout} />}

        <div className={formStyles.field} data-invalid={errors.note ? true : undefined}>
          <label htmlFor={`${id}-note`} className={formStyles.label}>
            Note<span className={formStyles.optional}> (optional)</span>
          </label>
          <div className={formStyles.control}>
            <textarea
              id={`${id}-note`}
              className={`${formStyles.input} ${styles.note}`}
              rows={3}
              maxLength={500}
              value={note}
              aria-invalid={errors.note ? true : undefined}
              placeholder="Anything that helps us, e.g. the fit across the shoulders"
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {errors.note && <p className={formStyles.error}>{errors.note}</p>}
        </div>

        <p className={styles.terms}>
          {fee > 0 ? `A pickup fee of ${formatRupees(fee)} is taken from the refund.` : 'Pickup from your address is free.'}
          {kind === 'exchange' && ' The new size ships once the piece is back and checked.'}
        </p>
        <FormAlert>{formError}</FormAlert>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={asking || uploading} aria-busy={asking || undefined}>
            {asking && <Spinner size={16} />}
            {kindWords[kind].submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function PieceChoice({
  piece,
  kind,
  choice,
  error,
  useSizes,
  onChange,
  offerRefund,
}: {
  piece: ReturnableItem;
  kind: ReturnKind;
  choice: { quantity: number; newSize: string } | undefined;
  error?: string;
  useSizes: SizesHook;
  onChange: (next: { quantity: number; newSize: string } | null) => void;
  offerRefund?: () => void;
}) {
  const id = useId();
  const { sizes, loading } = useSizes(piece.productId);
  const others = sizes.filter((s) => s.size.toLowerCase() !== piece.size.toLowerCase());
  const gone = piece.left <= 0;
  return (
    <div className={styles.piece} data-chosen={choice ? true : undefined}>
      <label className={styles.pieceHead}>
        <input type="checkbox" checked={Boolean(choice)} disabled={gone} onChange={(event) => onChange(event.target.checked ? { quantity: 1, newSize: '' } : null)} />
        {piece.thumbnail && <img src={piece.thumbnail} alt="" width={48} height={60} className={styles.thumb} />}
        <span className={styles.pieceName}>
          {piece.productName}
          <span className={styles.pieceMeta}>{gone ? `Size ${piece.size} · already in a request` : `Size ${piece.size}`}</span>
        </span>
      </label>
      {choice && (
        <div className={styles.pieceOptions}>
          {piece.left > 1 && (
            <label className={styles.inline}>
              <span>How many</span>
              <span className={formStyles.control}>
                <select
                  className={formStyles.input}
                  value={choice.quantity}
                  onChange={(event) => onChange({ ...choice, quantity: Number(event.target.value) })}
                >
                  {Array.from({ length: piece.left }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </span>
            </label>
          )}
          {kind === 'exchange' && (
            <label className={styles.inline}>
              <span>New size</span>
              <span className={formStyles.control} data-invalid={error ? true : undefined}>
                <select
                  className={formStyles.input}
                  value={choice.newSize}
                  disabled={loading}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => onChange({ ...choice, newSize: event.target.value })}
                >
                  <option value="">{loading ? 'Loading sizes…' : 'Choose a size'}</option>
                  {others.map((s) => (
                    <option key={s.size} value={s.size} disabled={s.stock <= 0}>
                      {s.stock <= 0 ? `${s.size} (sold out)` : s.size}
                    </option>
                  ))}
                </select>
              </span>
            </label>
          )}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className={styles.pieceError} role="alert">
          <p>{error}</p>
          {offerRefund && (
            <p>
              Choose another size above, or{' '}
              <button type="button" className={styles.textButton} onClick={offerRefund}>
                return it for a refund instead
              </button>
              .
            </p>
          )}
        </div>
      )}
    </div>
  );
}
