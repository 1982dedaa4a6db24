// The app's links. React Router's own <Link> also carries framework-mode prefetching code the
// SPA never uses (several KB in the entry); these are built on the router's public hooks
// (useHref, useLinkClickHandler) and behave the same for a client-side app: real hrefs,
// modifier-clicks and target=_blank left to the browser, everything else navigated in place.
import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** Let the browser load the page (a full reload), e.g. from the crash page. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content is the caller's children, passed in rest
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !reloadDocument) navigate(event);
      }}
    />
  );
}

/** True when `to` is the current page, or (unless `end`) an ancestor of it. */
function useIsActive(to: To, end: boolean): boolean {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current = pathname.toLowerCase();
  if (current === target) return true;
  if (end || target === '/') return false;
  return current.startsWith(target.endsWith('/') ? target : `${target}/`);
}

/** A link that marks itself aria-current="page" when it points at the current page. */
export function NavLink({ end = false, ...props }: LinkProps & { end?: boolean }) {
  const active = useIsActive(props.to, end);
  return <Link {...props} aria-current={active ? 'page' : undefined} />;
}
