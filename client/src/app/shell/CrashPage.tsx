// What the error boundaries show when a page crashes. ErrorPage's code (its view and the crash
// report) loads only then, as no page needs it otherwise; the loading screen shows while it
// comes. Should it not come (the crash was a chunk that failed to load: offline), plain words
// and a reload button say the same.
import { lazy, Suspense, type ComponentType } from 'react';
import { Loader } from '../../components/Loader';
import { useFirstScreenDone } from '../../lib/firstScreen';

export const errorTitle = 'Oops something went wrong';
export const errorDetail = 'We are working on it';

interface CrashProps {
  error: unknown;
  /** Outside the storefront frame (the app-wide boundary): with its own brand and full height. */
  standalone?: boolean;
}

function PlainErrorPage() {
  return (
    <section aria-labelledby="error-title" style={{ padding: '4rem 1rem', textAlign: 'center' }}>
      <h1 id="error-title">{errorTitle}</h1>
      <p>{errorDetail}.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}

const ErrorPage = lazy<ComponentType<CrashProps>>(() =>
  import('../routes/ErrorPage').then(
    (module) => ({ default: module.ErrorPage }),
    () => ({ default: PlainErrorPage }),
  ),
);

export function CrashPage({ error, standalone = false }: CrashProps) {
  // A crash shows at once, in place of the server's first screen if there was one.
  useFirstScreenDone(true);
  return (
    <Suspense fallback={<Loader fullScreen={standalone} />}>
      <ErrorPage error={error} standalone={standalone} />
    </Suspense>
  );
}
