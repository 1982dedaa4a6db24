// The analytics screen's date range: kept in the URL (/admin/analytics?from=2026-11-01&to=
// 2026-11-30), the last 30 days without it, with presets; and its CSV download, which needs the
// back-office token in a header, so it is fetched and handed to the browser as a file.
import { authToken } from '../../lib/api';
import { apiBaseUrl } from '../../lib/env';
import { indiaDay } from '../../lib/indiaTime';

export interface DateRange {
  /** YYYY-MM-DD, Indian dates, both included. */
  from: string;
  to: string;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Today in India, YYYY-MM-DD. */
export function indianToday(now = new Date()): string {
  return indiaDay.format(now);
}

/** The day `days` after (or before, negative) `date`. */
export function addDays(date: string, days: number): string {
  const when = new Date(`${date}T00:00:00Z`);
  when.setUTCDate(when.getUTCDate() + days);
  return when.toISOString().slice(0, 10);
}

/** The last `days` days up to today, today included. */
export function lastDays(days: number, today = indianToday()): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** This month so far. */
export function thisMonth(today = indianToday()): DateRange {
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The range a URL's query says: both dates when readable and in order, else the last 30 days. */
export function readRange(search: URLSearchParams, today = indianToday()): DateRange {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (isoDate.test(from) && isoDate.test(to) && from <= to) return { from, to };
  return lastDays(30, today);
}

/** How many days the range spans, both ends included. */
export function spanDays({ from, to }: DateRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** GET /api/admin/analytics's query for the range. */
export function rangeParams(range: DateRange): { startDate: string; endDate: string } {
  return { startDate: range.from, endDate: range.to };
}

/** Downloads the range's day-by-day CSV (the server names the file). */
export async function downloadCsv(range: DateRange): Promise<void> {
  const query = new URLSearchParams({ ...rangeParams(range), format: 'csv' });
  await downloadFile(`admin/analytics?${query}`, `drape-${range.from}-to-${range.to}.csv`, 'The CSV could not be made');
}

/**
 * Fetches GET /api/<path> with the back-office token and hands the answer to the browser as a
 * file, named as the server's Content-Disposition says (else `fallbackName`); throws `failure`
 * (or a sign-in prompt on 401) when the server refuses.
 */
export async function downloadFile(path: string, fallbackName: string, failure: string): Promise<void> {
  const token = authToken('admin');
  const answer = await fetch(`${apiBaseUrl}/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!answer.ok) throw new Error(answer.status === 401 ? 'Please sign in again' : failure);
  const name = /filename="([^"]+)"/.exec(answer.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await answer.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
