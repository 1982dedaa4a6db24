// The route guards of SPEC §2/§6: /user/* needs a shopper's token, /admin/* and /registeradmin the
// back office's. Without one the visitor goes to sign in and comes back afterwards (?next=).
import type { ReactNode } from 'react';
import { useLocation } from '../../../lib/router';
import { Redirect } from '../../../components/Redirect';
import { useAppSelector } from '../../../app/hooks';
import { accountPaths, loginPath } from '../../../lib/accountPaths';
import { selectToken } from '../accountSlice';
import { selectAdminToken } from '../adminSlice';

function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/** Shows `children` to a signed-in shopper; sends anyone else to /login?next=<here>. */
export function RequireUser({ children }: { children: ReactNode }) {
  const token = useAppSelector(selectToken);
  const here = useHere();
  return token ? children : <Redirect to={loginPath(here)} />;
}

/** Shows `children` to a signed-in staff member or admin; sends anyone else to /adminlogin?next=<here>. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useAppSelector(selectAdminToken);
  const here = useHere();
  return token ? children : <Redirect to={`${accountPaths.adminLogin}?${new URLSearchParams({ next: here })}`} />;
}
