/** The first `max` characters of text (whitespace collapsed), with '…' when something was cut. */
export function truncate(text: string | null | undefined, max: number): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max).trimEnd()}…`;
}
