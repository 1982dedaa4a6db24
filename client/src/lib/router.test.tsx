// The routing hooks of lib/router.tsx as pages read them: whole decoded parameters, the raw
// address with its state, navigation in the browser, and links marking the current page.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NavLink } from '../components/Link';
import { BrowserRouter, MemoryRouter, Route, useLocation, useNavigate, useParams, type Location } from './router';

function ShowParams() {
  return <p>{JSON.stringify(useParams())}</p>;
}

/** The location as a page reads it, and a button going to the thank-you page with an order. */
function LocationShown() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="location">{JSON.stringify(location)}</p>
      <button type="button" onClick={() => navigate('/thankyou', { state: { orderId: 'DRP1' } })}>
        Place order
      </button>
    </>
  );
}

describe('lib/router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('decodes a parameter whole, as React Router did (%26 is "&"), whatever the letter case of the path', () => {
    render(
      <MemoryRouter url="/PRODUCTS/Shirts%20%26%20Tops/">
        <Route path="/products/:subcategory">
          <ShowParams />
        </Route>
      </MemoryRouter>,
    );
    expect(screen.getByText('{"subcategory":"Shirts & Tops"}')).toBeInTheDocument();
  });

  it('gives the address raw, with its query and the state navigate() left, and follows navigation in the browser', async () => {
    window.history.replaceState(null, '', '/products/Formal%20Shirts?page=2');
    render(
      <BrowserRouter>
        <LocationShown />
      </BrowserRouter>,
    );
    const shown = () => JSON.parse(screen.getByTestId('location').textContent!) as Location;
    expect(shown()).toEqual({ pathname: '/products/Formal%20Shirts', search: '?page=2', state: null });
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(shown()).toEqual({ pathname: '/thankyou', search: '', state: { orderId: 'DRP1' } }));
    expect(window.location.pathname).toBe('/thankyou');
  });

  it('navigates in place on a click, and marks the link of the current page whatever its letter case', async () => {
    render(
      <MemoryRouter url="/User/Orders">
        <NavLink to="/user/orders">Orders</NavLink>
        <NavLink to="/user/wishlist">Wishlist</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Wishlist' })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('link', { name: 'Wishlist' }));
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('aria-current', 'page');
    expect(window.location.pathname).toBe('/');
  });
});
