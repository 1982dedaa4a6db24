import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectCartLines } from '../../features/cart/cartSlice';
import { aProduct } from '../../test/fixtures';
import { serve } from '../../test/serve';
import { envelope, renderWithProviders } from '../renderWithProviders';
import { ProductPage } from './ProductPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const route = '/api/getproduct/:id';

describe('ProductPage', () => {
  it('shows the product with breadcrumbs, prices, sizes, details and returns', async () => {
    const product = aProduct({
      _id: 'p-1',
      productId: 'DRP-2042',
      productName: 'Charcoal Flexiwaist Trouser',
      category: 'Men',
      subCategory: 'Flexiwaist Pant',
      price: 2499,
      discountedPrice: 1999,
      colour: 'Charcoal',
      size: 'Regular fit',
      basicProductDescription: 'A trouser with a waist that gives.',
      returnDescription: 'Exchange within 7 days.',
      sale: [{ _id: 's', saleName: 'Festive Formals', discount: 20 }],
    });
    const asked = serve({ '/api/getproduct/p-1': { body: envelope(product) } });
    renderWithProviders(<ProductPage />, { path: '/api/getproduct/p-1', route });

    expect(await screen.findByRole('heading', { level: 1, name: 'Charcoal Flexiwaist Trouser' })).toBeInTheDocument();
    expect(asked[0]!.pathname).toBe('/api/getproduct/p-1');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Men' })).toHaveAttribute('href', '/shop/men');
    expect(within(crumbs).getByRole('link', { name: 'Flexiwaist Pant' })).toHaveAttribute('href', '/products/Flexiwaist%20Pant');
    expect(screen.getAllByText('DRP-2042').length).toBeGreaterThan(0);
    expect(screen.getByText('₹2,499').closest('del')).not.toBeNull();
    expect(screen.getByText('Festive Formals')).toBeInTheDocument();
    expect(screen.getByText('A trouser with a waist that gives.')).toBeInTheDocument();
    expect(screen.getByText('Exchange within 7 days.')).toBeInTheDocument();
    expect(screen.getAllByText('Regular fit').length).toBeGreaterThan(0);
    expect(screen.getByText('30 × 25 × 3 cm')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'L, sold out' })).toBeDisabled();
  });

  it('adds the chosen size to the cart', async () => {
    serve({ '/api/getproduct/p-2': { body: envelope(aProduct({ _id: 'p-2' })) } });
    const { store } = renderWithProviders(<ProductPage />, { path: '/api/getproduct/p-2', route });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a size');
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(selectCartLines(store.getState())).toEqual([expect.objectContaining({ id: 'p-2', size: 'S', quantity: 1 })]);
  });

  it('disables Add to cart for a product that is sold out', async () => {
    serve({ '/api/getproduct/p-3': { body: envelope(aProduct({ _id: 'p-3', totalStock: 0 })) } });
    renderWithProviders(<ProductPage />, { path: '/api/getproduct/p-3', route });
    expect(await screen.findByRole('button', { name: 'Out of Stock' })).toBeDisabled();
  });

  it("says 'Product not found' for an unknown product", async () => {
    serve({ '/api/getproduct/nope': { status: 404, body: envelope(null, 404, 'No such product') } });
    renderWithProviders(<ProductPage />, { path: '/api/getproduct/nope', route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
  });
});
