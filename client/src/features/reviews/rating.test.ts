// @vitest-environment node
// How ratings, statuses and dates read on screen.
import { describe, expect, it } from 'vitest';
import { averageText, ratingSummary, reviewCount, reviewDate, starFills, starsLabel, statusLabels } from './rating';

describe('rating in words', () => {
  it('says the average to one decimal and how many reviews', () => {
    expect(ratingSummary({ average: 4.3, count: 12 })).toBe('4.3 out of 5 · 12 reviews');
    expect(ratingSummary({ average: 4, count: 1 })).toBe('4.0 out of 5 · 1 review');
    expect(ratingSummary({ average: 0, count: 0 })).toBe('No reviews yet');
    expect(reviewCount(1234)).toBe('1,234 reviews');
    expect(averageText(4.25)).toBe('4.3');
  });

  it('reads stars out for screen readers', () => {
    expect(starsLabel(4)).toBe('Rated 4 out of 5');
    expect(starsLabel(4.3)).toBe('Rated 4.3 out of 5');
  });

  it('names each status as shoppers and staff see it', () => {
    expect(statusLabels).toEqual({ pending: 'Awaiting approval', approved: 'Published', rejected: 'Hidden' });
  });

  it('dates a review in India', () => {
    expect(reviewDate('2026-03-03T20:00:00Z')).toBe('4 Mar 2026');
    expect(reviewDate('not a date')).toBe('');
  });
});

describe('starFills', () => {
  it('fills whole stars, then the last one to the quarter below the average', () => {
    expect(starFills(4)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(4.3)).toEqual([1, 1, 1, 1, 0.25]);
    expect(starFills(3.5)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(4.9)).toEqual([1, 1, 1, 1, 0.75]);
  });

  it('keeps odd values inside 0 to 5 stars', () => {
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(-2)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(9)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(Number.NaN)).toEqual([0, 0, 0, 0, 0]);
  });
});
