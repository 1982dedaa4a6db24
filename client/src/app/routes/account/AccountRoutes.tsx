// The storefront's account routes in one lazily loaded chunk (the router names one module for
// them all): /login, /signup, /userlogin, /account and /user/*.
import { useLocation } from 'react-router';
import { accountPaths } from '../../../lib/accountPaths';
import { SignInPage } from './SignInPage';
import { AccountRedirect, UserArea } from './UserArea';

export function AccountRoutes() {
  const path = useLocation().pathname.toLowerCase();
  if (path === accountPaths.account) return <AccountRedirect />;
  if (path.startsWith(`${accountPaths.user}/`) || path === accountPaths.user) return <UserArea />;
  return <SignInPage />;
}
