import { ButtonLink } from '../../components/Button';
import { ErrorView } from '../../components/ErrorView';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <>
      <title>Page not found — drape</title>
      <ErrorView
        eyebrow="404"
        title="Page not found"
        detail="The page you were looking for has moved or no longer exists. Let us take you back to the collection."
      >
        <ButtonLink to={paths.home}>Back to home</ButtonLink>
        <ButtonLink to={paths.contactUs} variant="secondary">
          Contact us
        </ButtonLink>
      </ErrorView>
    </>
  );
}
