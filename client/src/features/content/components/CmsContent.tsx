import { useMemo } from 'react';
import { Prose } from '../../../components/Prose';
import { StateMessage } from '../../../components/StateMessage';
import { useGetCmsQuery } from '../api';
import { isBlankHtml, sanitiseHtml, withoutRepeatedTitle } from '../sanitise';
import type { CmsType } from '../types';
import styles from './CmsContent.module.css';

/**
 * The HTML of a content page, sanitised again before rendering; `missing` when there is none
 * (404 or empty) and `failed` for any other error.
 */
export function CmsContent({
  type,
  pageTitle,
  missing,
  failed,
}: {
  type: CmsType;
  /** The page's own heading: a first heading in the HTML that repeats it is left out. */
  pageTitle: string;
  missing: string;
  failed: string;
}) {
  const { data, error, isError, isLoading } = useGetCmsQuery(type);
  const html = useMemo(
    () => (data ? withoutRepeatedTitle(sanitiseHtml(data.description), [pageTitle, data.title]) : ''),
    [data, pageTitle],
  );

  if (isLoading) {
    return (
      <div className={styles.skeleton} role="status" aria-live="polite">
        <span className="visually-hidden">Loading</span>
        {[92, 100, 84, 96, 60].map((width, index) => (
          <span key={index} className={styles.line} style={{ width: `${width}%` }} aria-hidden="true" />
        ))}
      </div>
    );
  }
  const status = (error as { status?: unknown } | undefined)?.status;
  if (isError && status !== 404) return <StateMessage tone="error" title={failed} />;
  if (isError || !html || isBlankHtml(html)) return <StateMessage title={missing} />;

  return (
    <Prose>
      <div className={styles.html} data-testid="cms-content" dangerouslySetInnerHTML={{ __html: html }} />
      {data?.updatedAt && !data.updatedAt.startsWith('0001') && (
        <p className={styles.updated}>
          Last updated{' '}
          {new Date(data.updatedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })}
        </p>
      )}
    </Prose>
  );
}
