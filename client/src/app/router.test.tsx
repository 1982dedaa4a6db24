import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from '../lib/router';
import { fakeApi } from './renderWithProviders';
import { AppRoutes } from './router';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { ErrorPage } from './routes/ErrorPage';
import { makeStore } from './store';

function renderApp(path: string) {
  const router: { navigate: NavigateFunction; location?: Location } = { navigate: () => {} };
  function NavigateProbe() {
    router.navigate = useNavigate();
    router.location = useLocation();
    return null;
  }
  render(
    <Provider store={makeStore()}>
      <MemoryRouter url={path}>
        <AppRoutes />
        <NavigateProbe />
      </MemoryRouter>
    </Provider>,
  );
  return router;
}

function renderCrash(error: Error) {
  function Broken(): never {
    throw error;
  }
  render(
    <MemoryRouter>
      <ErrorBoundary fallback={(caught) => <ErrorPage error={caught} />}>
        <Broken />
      </ErrorBoundary>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fakeApi({}));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('router', () => {
  it('renders the home page inside the header and footer', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Tailored formal wear, made in Jaipur');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Manufactured and marketed by Jaipur Formals');
  });

  it('loads the shipping policy lazily with its nine sections', async () => {
    renderApp('/shippingpolicy');
    const list = await screen.findByTestId('shipping-policy-sections');
    expect(within(list).getAllByRole('heading', { level: 2 })).toHaveLength(9);
  });

  it('shows the not-found page for unknown routes', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('shows the loading screen at /loader', async () => {
    renderApp('/loader');
    expect(await screen.findByText('Loading premium clothing')).toBeInTheDocument();
  });

  it('scrolls to the top 100 ms after a route change', async () => {
    const router = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    // The page's chunk is loaded first, so a busy machine cannot hold the navigation back.
    await import('./routes/LoaderPage');
    vi.mocked(window.scrollTo).mockClear();
    vi.useFakeTimers();
    await act(async () => {
      await router.navigate('/loader');
    });
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(window.scrollTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});

describe('account routes', () => {
  it('shows the sign-in forms as pages at /login and /signup', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('opens /signup on the create-account form', async () => {
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });

  it("sends a guest from /user/* to sign in with 'Please login first', and /account the same way", async () => {
    const router = renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.location?.pathname).toBe('/login');
    expect(router.location?.search).toBe('?next=%2Fuser%2Faccountdetails');
    expect(screen.getByText('Please login first')).toBeInTheDocument();
  });

  it('opens the dashboard for a signed-in shopper', async () => {
    window.localStorage.setItem('token', 'jwt');
    window.localStorage.setItem('user', JSON.stringify({ _id: 'u1', email: 'riya@example.com', firstName: 'Riya', lastName: '' }));
    const router = renderApp('/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Riya' })).toBeInTheDocument();
    expect(router.location?.pathname).toBe('/user/dashboard');
    expect(screen.getByRole('navigation', { name: 'My account' })).toBeInTheDocument();
  });

  it('keeps the back office behind its own sign-in, outside the storefront frame', async () => {
    const router = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Staff sign in' })).toBeInTheDocument();
    expect(router.location?.pathname).toBe('/adminlogin');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('ErrorPage', () => {
  it("says 'Oops something went wrong' and 'We are working on it' when a page throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCrash(new Error('broken page'));
    expect(await screen.findByRole('heading', { name: 'Oops something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We are working on it.')).toBeInTheDocument();
  });

  it('reports the crash to the server once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = vi.fn().mockResolvedValue(new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchSpy);
    renderCrash(new TypeError('price is undefined'));
    await screen.findByRole('heading', { name: 'Oops something went wrong' });
    const reports = fetchSpy.mock.calls.filter(([url]) => url === '/api/client-errors');
    expect(reports).toHaveLength(1);
    expect(JSON.parse(String(reports[0]?.[1]?.body))).toMatchObject({ message: 'TypeError: price is undefined', url: '/' });
    vi.unstubAllGlobals();
  });
});
