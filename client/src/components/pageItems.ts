export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The page buttons to show: all of them when few, else the first, the last, the current page
 * with `siblings` on each side, and gaps (ellipses) between.
 * pageItems(5, 10) → [1, 'gap-start', 4, 5, 6, 'gap-end', 10].
 */
export function pageItems(page: number, totalPages: number, siblings = 1): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const slots = 2 * siblings + 5;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
  if (total <= slots) return range(1, total);
  const edge = 2 * siblings + 3;
  if (current <= siblings + 3) return [...range(1, edge), 'gap-end', total];
  if (current >= total - siblings - 2) return [1, 'gap-start', ...range(total - edge + 1, total)];
  return [1, 'gap-start', ...range(current - siblings, current + siblings), 'gap-end', total];
}
