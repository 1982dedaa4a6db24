// Complaints to the grievance officer (issue 23), as the server answers them.

export type ComplaintStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

/** One step of a complaint's history: its filing or a move by staff. */
export interface ComplaintEvent {
  status: ComplaintStatus;
  note: string;
  at: string;
  byStaff: boolean;
}

export interface Complaint {
  _id: string;
  /** GRV-2026-000123 */
  ticket: string;
  name: string;
  email: string;
  phone: string;
  orderRef: string;
  subject: string;
  message: string;
  status: ComplaintStatus;
  /** What staff told the shopper last. */
  note: string;
  createdAt: string;
  /** One month after filing. */
  dueAt: string;
  resolvedAt: string | null;
  /** Unresolved past dueAt. */
  overdue: boolean;
  history?: ComplaintEvent[];
}

export interface ComplaintForm {
  name: string;
  email: string;
  phone: string;
  orderRef: string;
  subject: string;
  message: string;
}

export interface ComplaintQueue {
  items: Complaint[];
  page: number;
  totalPages: number;
  total: number;
}

export interface ComplaintFigures {
  unresolved: number;
  overdue: number;
}

export interface GrievanceOfficer {
  name: string;
  designation: string;
  email: string;
  phone: string;
}

/** A status as a person reads it. */
export const statusLabels: Record<ComplaintStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};
