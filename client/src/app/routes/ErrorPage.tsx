import { useEffect } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { ErrorView } from '../../components/ErrorView';
import { isDevelopment } from '../../lib/env';
import { paths } from '../../lib/paths';
import { errorDetail, errorTitle } from '../shell/CrashPage';
import styles from './ErrorPage.module.css';

/** reportCrash tells the server about a page crash so the shop owner sees it in the logs. */
function reportCrash(error: unknown) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      message: message.slice(0, 2000),
      stack: stack.slice(0, 8000),
      url: window.location.pathname.slice(0, 2000),
    }),
    keepalive: true,
  }).catch(() => undefined);
}

export { errorDetail, errorTitle };

/** What an error boundary shows when a page crashes (through CrashPage, which loads it): 'Oops something went wrong / We are working on it'. */
export function ErrorPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {

  useEffect(() => {
    if (isDevelopment) console.error(error);
    reportCrash(error);
  }, [error]);

  const view = (
    <>
      <title>Something went wrong — drape</title>
      <ErrorView eyebrow="We are sorry" title={errorTitle} detail={`${errorDetail}.`}>
        <Button onClick={() => window.location.reload()}>Try again</Button>
        <ButtonLink to={paths.home} variant="secondary" reloadDocument={standalone}>
          Back to home
        </ButtonLink>
      </ErrorView>
    </>
  );

  if (!standalone) return view;
  return (
    <div className={styles.standalone}>
      <a href={paths.home} className={styles.brand}>
        drape
      </a>
      {view}
    </div>
  );
}
