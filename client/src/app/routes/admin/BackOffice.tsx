// The back office's entrance (SPEC §2): /adminlogin, /registeradmin and the guarded /admin/*
// area: a calm dashboard with who is signed in, and the live order board (/admin/orders, its
// own chunk). Outside the storefront's header and footer, with its own bar (who is signed in,
// whether live updates are on) and side navigation.
import { Suspense, useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { Route, Routes, useLocation, useNavigate } from 'react-router';
import { Redirect } from '../../../components/Redirect';
import { Button, ButtonLink } from '../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { Link } from '../../../components/Link';
import { Spinner } from '../../../components/Spinner';
import { StateMessage } from '../../../components/StateMessage';
import { GridIcon, ShieldIcon, LogOutIcon, ReturnIcon, TruckIcon } from '../../../components/moreIcons';
import { TagIcon } from '../../../components/orderIcons';
import { BagIcon, CloseIcon, UserIcon } from '../../../components/icons';
import { displayName } from '../../../features/account/accountSlice';
import { useAdminLoginMutation, useGetAdminProfileQuery, useRegisterStaffMutation } from '../../../features/account/adminApi';
import { adminSignedIn, adminSignedOut, selectAdmin, selectAdminToken } from '../../../features/account/adminSlice';
import { RequireAdmin } from '../../../features/account/components/RouteGuards';
import { revokeTokens } from '../../../features/account/revoke';
import type { FieldErrors, StaffRole } from '../../../features/account/types';
import { errorMessage, fieldErrors, validateLogin, validateRegister } from '../../../features/account/validation';
import { StarIcon } from '../../../features/reviews/components/StarIcon';
import { ThemeToggle } from '../../../features/ui/components/ThemeToggle';
import { ToastViewport } from '../../../features/ui/components/ToastViewport';
import { accountPaths } from '../../../lib/accountPaths';
import { browser } from '../../../lib/browser';
import { paths } from '../../../lib/paths';
import { toastShown } from '../../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { lazyPage } from '../../lazyPage';
import { ScrollToTop } from '../../shell/ScrollToTop';
import { safeNext } from '../../session';
import styles from './BackOffice.module.css';
import { LiveStatus } from './LiveStatus';

// Every screen of /admin/* is its own chunk, loaded when staff first open it; the path is
// relative to /admin ("getproduct/:id"). A new screen is one line here (and one in `sections`).
const screens: Record<string, ComponentType> = {
  dashboard: lazyPage(() => import('./AdminDashboardPage'), 'AdminDashboardPage'),
  analytics: lazyPage(() => import('./AdminAnalyticsPage'), 'AdminAnalyticsPage'),
  orders: lazyPage(() => import('./AdminOrdersPage'), 'AdminOrdersPage'),
  delieveredorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminDeliveredOrdersPage'),
  cancelorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminCancelledOrdersPage'),
  returnorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminReturnOrdersPage'),
  shiprocketorders: lazyPage(() => import('./AdminOrdersPage'), 'AdminShiprocketOrdersPage'),
  'orders/:id': lazyPage(() => import('./AdminOrderPage'), 'AdminOrderPage'),
  addproduct: lazyPage(() => import('./AdminProductEditorPage'), 'AdminProductEditorPage'),
  'getproduct/:id': lazyPage(() => import('./AdminProductEditorPage'), 'AdminProductEditorPage'),
  productslist: lazyPage(() => import('./AdminProductsPage'), 'AdminProductsPage'),
  sale: lazyPage(() => import('./AdminSalesPage'), 'AdminSalesPage'),
  coupons: lazyPage(() => import('./AdminCouponsPage'), 'AdminCouponsPage'),
  users: lazyPage(() => import('./AdminCustomersPage'), 'AdminCustomersPage'),
  reviews: lazyPage(() => import('./AdminReviewsPage'), 'AdminReviewsPage'),
  'product-reviews': lazyPage(() => import('./AdminReviewsPage'), 'AdminProductReviewsPage'),
  'product-reviews/:productId': lazyPage(() => import('./AdminReviewsPage'), 'AdminProductReviewPage'),
  addcompany: lazyPage(() => import('./AdminCompanyPage'), 'AdminCompanyPage'),
  termsandconditions: lazyPage(() => import('./AdminContentPages'), 'AdminTermsPage'),
  returnpolicy: lazyPage(() => import('./AdminContentPages'), 'AdminReturnPolicyPage'),
  audit: lazyPage(() => import('./AdminAuditPage'), 'AdminAuditPage'),
  addcategory: lazyPage(() => import('./AdminCategoriesPage'), 'AdminCategoriesPage'),
  banners: lazyPage(() => import('./AdminBannersPage'), 'AdminBannersPage'),
  payment: lazyPage(() => import('./AdminPaymentPage'), 'AdminPaymentPage'),
  updatepassword: lazyPage(() => import('./AdminPasswordPages'), 'AdminUpdatePasswordPage'),
  resetpassword: lazyPage(() => import('./AdminPasswordPages'), 'AdminResetPasswordPage'),
};

const adminOrdersPath = `${accountPaths.admin}/orders`;
const adminAuditPath = `${accountPaths.admin}/audit`;
const adminCustomersPath = `${accountPaths.admin}/users`;
const adminProductsPath = `${accountPaths.admin}/productslist`;

const sections = [
  { group: 'Overview', to: accountPaths.adminDashboard, label: 'Dashboard', icon: GridIcon },
  { group: 'Overview', to: `${accountPaths.admin}/analytics`, label: 'Analytics', icon: GridIcon },
  { group: 'Orders & shipping', to: adminOrdersPath, label: 'Orders', icon: TagIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/delieveredorders`, label: 'Delivered', icon: TruckIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/cancelorders`, label: 'Cancelled', icon: CloseIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/returnorders`, label: 'Returns', icon: ReturnIcon },
  { group: 'Orders & shipping', to: `${accountPaths.admin}/shiprocketOrders`, label: 'Shiprocket', icon: TruckIcon },
  { group: 'Catalog', to: adminProductsPath, label: 'Products', icon: BagIcon },
  { group: 'Catalog', to: `${accountPaths.admin}/addcategory`, label: 'Categories', icon: GridIcon },
  { group: 'Catalog', to: `${accountPaths.admin}/banners`, label: 'Banners', icon: GridIcon },
  { group: 'Catalog', to: `${accountPaths.admin}/sale`, label: 'Sales', icon: TagIcon, adminOnly: true },
  { group: 'Catalog', to: `${accountPaths.admin}/coupons`, label: 'Coupons', icon: TagIcon, adminOnly: true },
  { group: 'Catalog', to: `${accountPaths.admin}/reviews`, label: 'Reviews', icon: StarIcon },
  { group: 'People', to: adminCustomersPath, label: 'Customers', icon: UserIcon },
  { group: 'People', to: accountPaths.registerAdmin, label: 'Team accounts', icon: UserIcon, adminOnly: true },
  { group: 'People', to: `${accountPaths.admin}/resetpassword`, label: 'Team passwords', icon: ShieldIcon, adminOnly: true },
  { group: 'People', to: `${accountPaths.admin}/Updatepassword`, label: 'My password', icon: ShieldIcon },
  { group: 'Shop', to: `${accountPaths.admin}/payment`, label: 'Payments', icon: TagIcon, adminOnly: true },
  { group: 'Shop', to: `${accountPaths.admin}/addcompany`, label: 'Company', icon: GridIcon },
  { group: 'Shop', to: `${accountPaths.admin}/termsandconditions`, label: 'Terms', icon: ShieldIcon },
  { group: 'Shop', to: `${accountPaths.admin}/returnpolicy`, label: 'Return policy', icon: ReturnIcon },
  { group: 'Shop', to: adminAuditPath, label: 'Audit log', icon: ShieldIcon, adminOnly: true },
] as const;

/** The back office's sections: a column beside the page on wide screens, a row of tabs on narrow ones. */
function SideNav() {
  const path = useLocation().pathname.toLowerCase();
  const isAdmin = useAppSelector(selectAdmin)?.role === 'admin';
  return (
    <nav className={styles.side} aria-label="Back office">
      <ul>
        {sections.filter((section) => isAdmin || !('adminOnly' in section)).map(({ group, to, label, icon: Icon }, index, shown) => {
          const target = to.toLowerCase();
          const current = path === target || path.startsWith(`${target}/`);
          return (
            <li key={to} data-group={group}>
              {shown[index - 1]?.group !== group && (
                <span className={styles.group} aria-hidden="true">
                  {group}
                </span>
              )}
              <Link to={to} className={styles.sideLink} aria-current={current ? 'page' : undefined}>
                <Icon size={18} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Brand() {
  return (
    <Link to={accountPaths.adminDashboard} className={styles.brand}>
      drape <span>Back office</span>
    </Link>
  );
}

/** The frame of a signed-in back-office page: the bar with who is signed in and Sign out. */
function AdminShell({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const admin = useAppSelector(selectAdmin);
  const connection = useAppSelector((state) => state.connection.status);
  useGetAdminProfileQuery();
  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Brand />
        <div className={styles.who}>
          <LiveStatus status={connection} className={styles.live} />
          <span className={styles.theme}>
            <ThemeToggle />
          </span>
          <span className={styles.person}>
            <UserIcon size={18} />
            <span>
              {displayName(admin ?? null)}
              {admin?.role && <span className={styles.role}>{admin.role}</span>}
            </span>
          </span>
          <button
            type="button"
            className={styles.signOut}
            onClick={() => {
              // Like the shop's Logout: the server revokes the token, then forget the session and
              // start afresh at the sign-in page.
              void revokeTokens(dispatch, { shop: false }).finally(() => {
                dispatch(adminSignedOut());
                browser.assign(accountPaths.adminLogin);
              });
            }}
          >
            <LogOutIcon size={18} />
            Sign out
          </button>
        </div>
      </header>
      <div className={styles.frame}>
        <SideNav />
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
      {/* A section opens at its top, as the shop's pages do, not where the last one was scrolled to. */}
      <ScrollToTop />
      <ToastViewport />
    </div>
  );
}

/** /adminlogin: the back office's sign-in; on success the dashboard (or where the guard came from). */
export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = new URLSearchParams(useLocation().search);
  const token = useAppSelector(selectAdminToken);
  const [signedInBefore] = useState(Boolean(token));
  const [fields, setFields] = useState({ email: '', password: '' });
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [login, { isLoading }] = useAdminLoginMutation();
  const { form, focusInvalid } = useInvalidFocus();
  const target = safeNext(params.get('next')) ?? accountPaths.adminDashboard;

  if (signedInBefore) return <Redirect to={target} />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    const problems = validateLogin(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      const session = await login({ email: fields.email.trim(), password: fields.password }).unwrap();
      dispatch(adminSignedIn(session));
      dispatch(toastShown({ message: session.message || `Welcome ${displayName(session.user)}` }));
      navigate(target, { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      setErrors(fieldErrors(error));
      setAlert(message);
      dispatch(toastShown({ message, type: 'error' }));
    }
  }

  return (
    <div className={styles.entrance}>
      <title>Back office sign in — drape</title>
      <main id="main" className={styles.entranceCard}>
        <div className={styles.entranceMark} aria-hidden="true">
          <ShieldIcon size={26} />
        </div>
        <p className={styles.eyebrow}>drape · Back office</p>
        <h1 className={styles.title}>Staff sign in</h1>
        <p className={styles.lede}>For the drape team. Shoppers sign in from the shop.</p>
        <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Back office sign in">
          <FormAlert>{alert}</FormAlert>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={fields.email}
            onChange={(event) => setFields((current) => ({ ...current, email: event.target.value }))}
            error={errors.email}
          />
          <Field
            label="Password"
            type={shown ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={fields.password}
            onChange={(event) => setFields((current) => ({ ...current, password: event.target.value }))}
            error={errors.password}
          />
          <Checkbox label="Show password" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          <Button type="submit" className={styles.submit} disabled={isLoading} aria-busy={isLoading || undefined}>
            {isLoading && <Spinner size={16} />}
            Sign in
          </Button>
        </form>
        <Link to={paths.home} className={styles.back}>
          ← Back to the shop
        </Link>
      </main>
      <ToastViewport />
    </div>
  );
}

/** /admin/*: the guarded back office. */
export function AdminArea() {
  return (
    <RequireAdmin>
      <AdminShell>
        <Routes>
          <Route index element={<Redirect to={accountPaths.adminDashboard} />} />
          {Object.entries(screens).map(([path, Screen]) => (
            <Route
              key={path}
              path={path}
              element={
                <Suspense fallback={<p className={styles.loading}>Loading...</p>}>
                  <Screen />
                </Suspense>
              }
            />
          ))}
          <Route
            path="*"
            element={
              <StateMessage headingLevel={1} title="No such screen" detail="The address names no screen of the back office; the menu on the left has them all.">
                <ButtonLink to={accountPaths.adminDashboard} variant="secondary">
                  Back to the dashboard
                </ButtonLink>
              </StateMessage>
            }
          />
        </Routes>
      </AdminShell>
    </RequireAdmin>
  );
}

/** /registeradmin: an admin creates a staff or admin account (POST /api/admin/register). */
export function RegisterAdminPage() {
  return (
    <RequireAdmin>
      <AdminShell>
        <StaffForm />
      </AdminShell>
    </RequireAdmin>
  );
}

const roles: { value: StaffRole; label: string; detail: string }[] = [
  { value: 'staff', label: 'Staff', detail: 'Works in the back office.' },
  { value: 'admin', label: 'Admin', detail: 'Also manages team accounts.' },
];

function StaffForm() {
  const dispatch = useAppDispatch();
  const admin = useAppSelector(selectAdmin);
  const empty = { name: '', email: '', password: '', confirmPassword: '' };
  const [fields, setFields] = useState(empty);
  const [role, setRole] = useState<StaffRole>('staff');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [created, setCreated] = useState('');
  const [register, { isLoading }] = useRegisterStaffMutation();
  const { form, focusInvalid } = useInvalidFocus();
  const roleId = useId();
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const notAdmin = admin !== null && admin.role !== 'admin';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    setCreated('');
    const problems = validateRegister(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      const user = await register({ firstName: fields.name.trim(), email: fields.email.trim(), password: fields.password, role }).unwrap();
      dispatch(toastShown({ message: 'Account created' }));
      setCreated(`${user.email} can now sign in to the back office as ${user.role}.`);
      setFields(empty);
    } catch (error) {
      const message = errorMessage(error);
      const server = fieldErrors(error);
      setErrors({ name: server.firstName, email: server.email, password: server.password });
      setAlert(message);
      dispatch(toastShown({ message, type: 'error' }));
    }
  }

  return (
    <div className={styles.formPage}>
      <title>Create a team account — drape</title>
      <p className={styles.eyebrow}>Team accounts</p>
      <h1 className={styles.title}>Create a team account</h1>
      <p className={styles.lede}>The new colleague signs in at {accountPaths.adminLogin} with this e-mail and password.</p>
      {notAdmin && <FormAlert tone="info">Only an admin can create accounts. Ask an admin to add your colleague.</FormAlert>}
      <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Create a team account">
        <FormAlert>{alert}</FormAlert>
        <FormAlert tone="success">{created}</FormAlert>
        <Field label="Full name" name="name" autoComplete="off" value={fields.name} onChange={set('name')} error={errors.name} />
        <Field label="Email" name="email" type="email" autoComplete="off" value={fields.email} onChange={set('email')} error={errors.email} />
        <div className={formStyles.row}>
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={fields.password}
            onChange={set('password')}
            error={errors.password}
          />
          <Field
            label="Confirm password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={fields.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
        </div>
        <fieldset className={styles.roles} aria-labelledby={roleId}>
          <legend id={roleId} className={styles.legend}>
            Role
          </legend>
          {roles.map((option) => (
            <label key={option.value} className={styles.roleOption}>
              <input type="radio" name="role" value={option.value} checked={role === option.value} onChange={() => setRole(option.value)} />
              <span>
                <strong>{option.label}</strong>
                {option.detail}
              </span>
            </label>
          ))}
        </fieldset>
        <div className={formStyles.actions}>
          <Button type="submit" disabled={isLoading || notAdmin} aria-busy={isLoading || undefined}>
            {isLoading && <Spinner size={16} />}
            Create account
          </Button>
          <ButtonLink to={accountPaths.adminDashboard} variant="secondary">
            Back to the dashboard
          </ButtonLink>
        </div>
      </form>
    </div>
  );
}

/** The back office's routes in one lazily loaded chunk: /adminlogin, /registeradmin and /admin/*. */
export function BackOfficeRoutes() {
  const path = useLocation().pathname.toLowerCase();
  if (path === accountPaths.adminLogin) return <AdminLoginPage />;
  if (path === accountPaths.registerAdmin) return <RegisterAdminPage />;
  return <AdminArea />;
}
