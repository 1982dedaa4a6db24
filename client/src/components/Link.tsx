// The app's links, on the router's navigate (lib/router.tsx): real hrefs, modifier-clicks,
// middle-clicks and target=_blank left to the browser, everything else navigated in place.
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from '../lib/router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** The address: a whole path, with its query if any. */
  to: string;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  /** Let the browser load the page (a full reload), e.g. from the crash page. */
  reloadDocument?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Whether a click on a link is the browser's to handle (a new tab or window, a download). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (!!target && target !== '_self');
}

export function Link({ to, replace, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  return (
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- the content is the caller's children, passed in rest
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || reloadDocument || leftToBrowser(event, target)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

/** True when `to` is the current page, or (unless `end`) an ancestor of it; letter case aside. */
function useIsActive(to: string, end: boolean): boolean {
  const { pathname } = useLocation();
  const target = to.replace(/[?#].*/s, '').toLowerCase();
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
