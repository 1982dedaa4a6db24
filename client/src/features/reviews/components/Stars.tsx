// A rating drawn as five stars, filled to the quarter (4.3 → four and a quarter), read out as
// "Rated 4.3 out of 5". The star control (StarRatingInput) draws its stars with StarShape too.
import { starFills, starsLabel } from '../rating';
import styles from './Stars.module.css';

/** One star's outline as an SVG path in a 24×24 box. */
const starPath = 'M12 2.6l2.84 5.95 6.54.8-4.82 4.5 1.23 6.48L12 17.14l-5.79 3.19 1.23-6.48-4.82-4.5 6.54-.8z';

/** One star, `fill` of it (0 to 1, from the left) in the rating colour. */
export function StarShape({ fill, size }: { fill: number; size: number }) {
  return (
    <span className={styles.star} style={{ width: size, height: size }}>
      <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className={styles.empty}>
        <path d={starPath} />
      </svg>
      {fill > 0 && (
        <span className={styles.fill} style={{ width: `${fill * 100}%` }}>
          <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
            <path d={starPath} />
          </svg>
        </span>
      )}
    </span>
  );
}

/** Five stars for `value` (an average or a review's rating), with its words for screen readers. */
export function Stars({ value, size = 16, className }: { value: number; size?: number; className?: string }) {
  return (
    <span role="img" aria-label={starsLabel(value)} className={[styles.stars, className].filter(Boolean).join(' ')}>
      {starFills(value).map((fill, index) => (
        <StarShape key={index} fill={fill} size={size} />
      ))}
    </span>
  );
}
