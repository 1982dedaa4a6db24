// The storefront's account routes in one lazily loaded chunk (the router names one module for
// them all): /login, /signup, /userlogin, /account and /user/*, and the privacy notice /privacy
// (it sits here rather than as a route of its own, which the listing's first JavaScript would carry).
import { useLocation } from '../../../lib/router';
import { accountPaths } from '../../../lib/accountPaths';
import { PrivacyNoticePage } from '../ContentPages';
import { SignInPage } from './SignInPage';
import { AccountRedirect, UserArea } from './UserArea';

export function AccountRoutes() {
  const path = useLocation().pathname.toLowerCase();
  if (path === '/privacy') return <PrivacyNoticePage />;
  if (path === accountPaths.account) return <AccountRedirect />;
  if (path.startsWith(`${accountPaths.user}/`) || path === accountPaths.user) return <UserArea />;
  return <SignInPage />;
}
