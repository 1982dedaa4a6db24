// How failed deliveries read to people: the dates, the answers and their state.
import type { DeliveryIssue, NdrAction } from './types';
import { indiaDay, indiaWeekday } from '../../lib/indiaTime';

/** "Thu, 27 Nov" for a YYYY-MM-DD day. */
export function dayLabel(day: string): string {
  const at = new Date(`${day}T12:00:00+05:30`);
  if (Number.isNaN(at.getTime())) return day;
  return indiaWeekday.format(at);
}

/** The next `days` Indian days after today, YYYY-MM-DD (the server offers the same). */
export function nextDays(days = 3, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = 1; i <= days; i++) {
    const at = new Date(now.getTime() + i * 86_400_000);
    out.push(indiaDay.format(at));
  }
  return out;
}

/** "3 h ago" for a time. */
export function since(at: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - new Date(at).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

export const actionLabels: Record<NdrAction, string> = {
  reattempt: 'Deliver again on a day I choose',
  correct: 'Correct my phone number or address',
  return: 'Cancel the order (the courier brings it back)',
};

/** What was answered, in a line: "Re-attempt on Thu, 27 Nov". */
export function answerLine(issue: DeliveryIssue): string {
  switch (issue.action) {
    case 'reattempt':
      return `Re-attempt on ${dayLabel(issue.date ?? '')}`;
    case 'correct':
      return `Re-attempt at ${[issue.phone, issue.address1].filter(Boolean).join(', ')}`;
    case 'return':
      return 'Cancel: the courier brings it back';
    default:
      return '';
  }
}

/** Where the answer is: with the courier, refused by it, or on its way. */
export function answerState(issue: DeliveryIssue): string {
  if (issue.sendError) return 'The courier refused it';
  return issue.sentAt ? 'Sent to the courier' : 'Sending to the courier';
}
