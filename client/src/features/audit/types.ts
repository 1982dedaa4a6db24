// The back office's audit log (GET /api/admin/audit, admins only): every change made through
// the back office, newest first, with the entity before and after.

export interface AuditEntry {
  _id: string;
  at: string;
  actorId: string;
  actorRole: string;
  actorEmail: string;
  actorName: string;
  /** Method and route, e.g. "PUT /api/admin/products/:id". */
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  requestId: string;
}

export interface AuditPage {
  items: AuditEntry[];
  page: number;
  totalPages: number;
  total: number;
}

export interface AuditFilters {
  page: number;
  /** A user id or e-mail. */
  actor: string;
  entityType: string;
  action: string;
  startDate: string;
  endDate: string;
}

/** One field that differs between before and after. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}
