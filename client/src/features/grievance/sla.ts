// The SLA clock of a complaint: resolution is due one month after filing (E-Commerce Rules
// 2020). The server says whether it is overdue; this says by how much, as staff read it.

const day = 24 * 60 * 60 * 1000;

/** "Due in 12 days", "Due today", "Overdue by 3 days"; "" once resolved or closed. */
export function slaClock(dueAt: string, overdue: boolean, resolved: boolean, now = Date.now()): string {
  if (resolved) return '';
  const left = new Date(dueAt).getTime() - now;
  if (Number.isNaN(left)) return '';
  const days = Math.floor(Math.abs(left) / day);
  if (overdue || left < 0) return days === 0 ? 'Overdue today' : `Overdue by ${days} ${days === 1 ? 'day' : 'days'}`;
  return days === 0 ? 'Due today' : `Due in ${days} ${days === 1 ? 'day' : 'days'}`;
}
