// Route paths of the account and back-office screens (SPEC §2). Apart from paths.ts, which is in
// the entry chunk, because only lazily loaded screens link to them.
import { paths } from './paths';

export const accountPaths = {
  signup: '/signup',
  userLogin: '/userlogin',
  account: '/account',
  user: '/user',
  userDashboard: '/user/dashboard',
  userOrders: '/user/orders',
  userAddresses: '/user/addresses',
  userAccountDetails: '/user/accountdetails',
  userWishlist: '/user/wishlist',
  userCoupons: '/user/couponcodes',
  userReviews: '/user/userreviews',
  adminLogin: '/adminlogin',
  registerAdmin: '/registeradmin',
  admin: '/admin',
  adminDashboard: '/admin/dashboard',
} as const;

/** The sign-in page, coming back to `next` afterwards. */
export function loginPath(next?: string): string {
  return next ? `${paths.login}?${new URLSearchParams({ next })}` : paths.login;
}
