import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/renderWithProviders';
import { RequireAdmin, RequireUser } from './RouteGuards';

describe('route guards', () => {
  it('sends a signed-out visitor of /user/* to sign in, coming back afterwards', async () => {
    const { location } = renderWithProviders(
      <RequireUser>
        <p>Your addresses</p>
      </RequireUser>,
      { path: '/user/addresses?edit=1', route: '/user/*' },
    );
    expect(screen.queryByText('Your addresses')).not.toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/login'));
    expect(new URLSearchParams(location.current?.search).get('next')).toBe('/user/addresses?edit=1');
  });

  it('lets a signed-in shopper in', () => {
    window.localStorage.setItem('token', 'jwt');
    const { location } = renderWithProviders(
      <RequireUser>
        <p>Your addresses</p>
      </RequireUser>,
      { path: '/user/addresses', route: '/user/*' },
    );
    expect(screen.getByText('Your addresses')).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/user/addresses');
  });

  it('keeps shoppers out of the back office: /admin/* needs the admin token', async () => {
    window.localStorage.setItem('token', 'shopper-jwt');
    const { location } = renderWithProviders(
      <RequireAdmin>
        <p>Back office</p>
      </RequireAdmin>,
      { path: '/admin/dashboard', route: '/admin/*' },
    );
    expect(screen.queryByText('Back office')).not.toBeInTheDocument();
    await waitFor(() => expect(location.current?.pathname).toBe('/adminlogin'));
    expect(location.current?.search).toBe('?next=%2Fadmin%2Fdashboard');
  });

  it('lets a signed-in admin in', () => {
    window.localStorage.setItem('adminToken', 'admin-jwt');
    renderWithProviders(
      <RequireAdmin>
        <p>Back office</p>
      </RequireAdmin>,
      { path: '/registeradmin', route: '/registeradmin' },
    );
    expect(screen.getByText('Back office')).toBeInTheDocument();
  });
});
