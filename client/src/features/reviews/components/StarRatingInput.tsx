// The star control of the review form: five radio inputs, one per rating, drawn as stars. The
// keyboard works as in any radio group (Tab in, arrows to change); hovering a star previews it;
// the chosen rating's word ("Very good") shows beside the stars; a server error shows below.
import { useId, useState } from 'react';
import { maxStars, ratingWords } from '../rating';
import { StarShape } from './Stars';
import { formStyles } from '../../../components/Form';
import styles from './StarRatingInput.module.css';

/** A 1–5 star rating as a radio group; `value` 0 is none chosen yet. */
export function StarRatingInput({
  value,
  onChange,
  error,
  legend = 'Your rating',
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string;
  legend?: string;
  disabled?: boolean;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined} data-invalid={error ? true : undefined} disabled={disabled}>
      <legend className={`${formStyles.legend} ${styles.legend}`}>{legend}</legend>
      <div className={styles.row} onMouseLeave={() => setHovered(0)}>
        <span className={styles.stars}>
          {Array.from({ length: maxStars }, (_, index) => index + 1).map((rating) => (
            <label key={rating} className={styles.option} onMouseEnter={() => setHovered(rating)}>
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- the fieldset has no role that takes aria-invalid; on each radio, screen readers say "invalid" as the shopper moves through the stars */}
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-invalid={error ? true : undefined}
                className={styles.radio}
              />
              <StarShape fill={rating <= shown ? 1 : 0} size={30} />
              <span className="visually-hidden">
                {rating} {rating === 1 ? 'star' : 'stars'}, {ratingWords[rating]}
              </span>
            </label>
          ))}
        </span>
        <span className={styles.word} aria-hidden="true">
          {shown ? ratingWords[shown] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
