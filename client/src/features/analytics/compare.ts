// The dashboard's words: the greeting, and a span's takings against the span before it.

/** greeting is "Good morning, Asha" (afternoon from noon, evening from 5 pm, the browser's clock). */
export function greeting(name: string, now: Date): string {
  const hour = now.getHours();
  const part = hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
  return `Good ${part}, ${name}`;
}

/** Comparison is how a span's takings stand against the span before: its words and which way they went. */
export interface Comparison {
  text: string;
  trend: 'up' | 'down' | 'same';
}

/** comparison words `now` against `before` (rupees), the span before named by `span` ("the 7 days before"). */
export function comparison(now: number, before: number, span: string): Comparison {
  if (before <= 0) return { text: now > 0 ? `Nothing ${span}` : `Nothing ${span} either`, trend: now > 0 ? 'up' : 'same' };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return { text: `Same as ${span}`, trend: 'same' };
  return { text: `${Math.abs(percent).toLocaleString('en-IN')}% ${percent > 0 ? 'more' : 'less'} than ${span}`, trend: percent > 0 ? 'up' : 'down' };
}
