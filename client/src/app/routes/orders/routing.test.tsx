import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from '../../../lib/router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../renderWithProviders';
import { AppRoutes } from '../../router';
import { makeStore } from '../../store';

function renderApp(path: string) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter url={path}>
        <AppRoutes />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('order routes', () => {
  it.each([
    ['/thankyou', 'Thank-you'],
    ['/thankyoupage', 'Thanks for purchasing'],
    ['/track', 'Where is my order?'],
    ['/trackid', 'Where is my order?'],
    ['/trackid/DRP1', 'Where is my order?'],
  ])('%s loads its page lazily inside the shop frame', async (path, heading) => {
    vi.stubGlobal('fetch', fakeApi({}));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it("/user/couponcodes is in the account area, with 'Coupons' in its menu", async () => {
    window.localStorage.setItem('token', 'jwt');
    window.localStorage.setItem('user', JSON.stringify({ _id: 'u1', email: 'riya@example.com', firstName: 'Riya', lastName: 'Kapoor' }));
    vi.stubGlobal('fetch', fakeApi({ '/api/getcoupon': { body: envelope([]) } }));
    renderApp('/user/couponcodes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your coupons' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'My account' });
    expect(within(menu).getByRole('link', { name: 'Coupons' })).toHaveAttribute('aria-current', 'page');
  });
});
