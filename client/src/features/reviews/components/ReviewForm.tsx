// The shopper's review form (on /user/userreviews): stars, a title and a few words, saved with
// POST /api/user/reviews — a first review, or a rewrite of theirs, which then waits for
// approval again. The button is disabled while saving; what the shopper typed stays on a
// refused save, with each message by its field.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { useAppDispatch } from '../../../app/hooks';
import { toastShown } from '../../../lib/toast';
import { useWriteReviewMutation } from '../api';
import { reviewFormProblems, textMaxLength, titleMaxLength, type ReviewFormProblems } from '../form';
import type { ReviewDraft } from '../types';
import { StarRatingInput } from './StarRatingInput';
import styles from './ReviewForm.module.css';

const noProblems: ReviewFormProblems = { fields: {}, message: '' };

/** The form for one product: empty for a first review, or filled with the shopper's earlier one. */
export function ReviewForm({
  productId,
  productName,
  initial,
  onSaved,
  onCancel,
}: {
  productId: string;
  productName: string;
  initial?: Pick<ReviewDraft, 'rating' | 'title' | 'text'>;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const dispatch = useAppDispatch();
  const ids = { text: useId(), count: useId() };
  const [draft, setDraft] = useState({ rating: initial?.rating ?? 0, title: initial?.title ?? '', text: initial?.text ?? '' });
  const [problems, setProblems] = useState(noProblems);
  const [write, { isLoading: saving }] = useWriteReviewMutation();
  const { form, focusInvalid } = useInvalidFocus();
  const editing = Boolean(initial);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setProblems(noProblems);
    try {
      await write({ productId, ...draft }).unwrap();
      dispatch(
        toastShown({
          message: editing ? 'Your review was updated and will appear once it is approved.' : 'Thank you! Your review will appear once it is approved.',
        }),
      );
      onSaved?.();
    } catch (failure) {
      setProblems(reviewFormProblems(failure));
      focusInvalid();
    }
  }

  const textError = problems.fields.text;
  return (
    <form ref={form} className={`${formStyles.form} ${styles.form}`} aria-label={`${editing ? 'Edit your review of' : 'Review'} ${productName}`} onSubmit={(event) => void submit(event)} noValidate>
      <StarRatingInput value={draft.rating} onChange={(rating) => setDraft({ ...draft, rating })} error={problems.fields.rating} />
      <Field
        label="Title"
        value={draft.title}
        maxLength={titleMaxLength}
        placeholder="Sum it up in a few words"
        error={problems.fields.title}
        onChange={(event) => setDraft({ ...draft, title: event.target.value })}
      />
      <div className={formStyles.field} data-invalid={textError ? true : undefined}>
        <label htmlFor={ids.text} className={formStyles.label}>
          Your review
        </label>
        <div className={`${formStyles.control} ${styles.textControl}`}>
          <textarea
            id={ids.text}
            className={`${formStyles.input} ${styles.textarea}`}
            rows={5}
            value={draft.text}
            maxLength={textMaxLength}
            placeholder="How is the fit, the fabric, the finish?"
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? `${ids.text}-error` : ids.count}
            onChange={(event) => setDraft({ ...draft, text: event.target.value })}
          />
        </div>
        {textError ? (
          <p id={`${ids.text}-error`} className={formStyles.error}>
            {textError}
          </p>
        ) : (
          <p id={ids.count} className={formStyles.hint}>
            Plain text, up to {textMaxLength.toLocaleString('en-IN')} characters ({draft.text.length.toLocaleString('en-IN')} used).
          </p>
        )}
      </div>
      <FormAlert>{problems.message}</FormAlert>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving && <Spinner size={16} />}
          {saving ? 'Saving…' : editing ? 'Save changes' : 'Post review'}
        </Button>
        {onCancel && (
          <Button variant="quiet" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
