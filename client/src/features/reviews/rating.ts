// How reviews read on screen: a rating in words ("4.3 out of 5 · 12 reviews"), how full each of
// five stars is, a review's status and date in words.
import type { Rating, ReviewStatus } from './types';
import { indiaDate } from '../../lib/indiaTime';

/** The highest rating; ratings run from 1 to this. */
export const maxStars = 5;

/** "1 review", "12 reviews". */
export function reviewCount(count: number): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? 'review' : 'reviews'}`;
}

/** The average to one decimal, as the product page shows it: "4.3", "4.0". */
export function averageText(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

/** "4.3 out of 5 · 12 reviews", or "No reviews yet". */
export function ratingSummary(rating: Rating): string {
  if (rating.count <= 0) return 'No reviews yet';
  return `${averageText(rating.average)} out of ${maxStars} · ${reviewCount(rating.count)}`;
}

/** "Rated 4 out of 5" (or 4.3): what stars say to a screen reader. */
export function starsLabel(value: number): string {
  const shown = Number.isInteger(value) ? String(value) : averageText(value);
  return `Rated ${shown} out of ${maxStars}`;
}

/**
 * How full each of the five stars is for a rating, from 0 to 1 in quarters (4.3 → four full
 * stars and a quarter), so a star never looks fuller than the average.
 */
export function starFills(value: number): number[] {
  const clamped = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), maxStars);
  return Array.from({ length: maxStars }, (_, index) => Math.floor(Math.min(Math.max(clamped - index, 0), 1) * 4) / 4);
}

/** A review's status in the shopper's and the back office's words. */
export const statusLabels: Record<ReviewStatus, string> = {
  pending: 'Awaiting approval',
  approved: 'Published',
  rejected: 'Hidden',
};

/** What each rating means, for the star control's labels. */
export const ratingWords: Record<number, string> = { 1: 'Poor', 2: 'Fair', 3: 'Good', 4: 'Very good', 5: 'Excellent' };


/** "4 Mar 2026": when a review was written, in India's time. */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : indiaDate.format(date);
}
