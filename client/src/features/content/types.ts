export type CmsType = 'terms' | 'privacy' | 'privacy-notice';

/** A content page: its description is HTML the server sanitised when it was saved. */
export interface CmsPage {
  type: string;
  title?: string;
  description: string;
  updatedAt?: string;
}
