// The shop's clock is India's: every date and time a page shows is Indian time, wherever the
// page is read, as the back office, the mails and the invoices show it.

/** shopTimeZone is the zone every shown date and time is in. */
export const shopTimeZone = 'Asia/Kolkata';

function inIndia(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-IN', { ...options, timeZone: shopTimeZone });
}

/** indiaDate formats '22 Nov 2026'. */
export const indiaDate = inIndia({ day: 'numeric', month: 'short', year: 'numeric' });

/** indiaDateTime formats '22 Nov 2026, 1:47 pm'. */
export const indiaDateTime = inIndia({ day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** indiaDayTime formats '22 Nov, 1:47 pm': this year's moments in a compact list. */
export const indiaDayTime = inIndia({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** indiaTime formats '1:47 pm'. */
export const indiaTime = inIndia({ hour: 'numeric', minute: '2-digit' });

/** indiaWeekday formats 'Thu, 27 Nov'. */
export const indiaWeekday = inIndia({ weekday: 'short', day: 'numeric', month: 'short' });

/** indiaDay formats the Indian calendar day as YYYY-MM-DD. */
export const indiaDay = new Intl.DateTimeFormat('en-CA', { timeZone: shopTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
