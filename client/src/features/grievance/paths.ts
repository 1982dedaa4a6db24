// The complaint pages' addresses.
export const grievancePath = '/grievance';
export const complaintStatusBase = '/grievance/status';

/** The status page of a complaint, its ticket (and e-mail, when known) filled in. */
export function complaintStatusPath(ticket = '', email = ''): string {
  const params = new URLSearchParams();
  if (ticket) params.set('ticket', ticket);
  if (email) params.set('email', email);
  const query = params.toString();
  return query ? `${complaintStatusBase}?${query}` : complaintStatusBase;
}
