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
    expect(screen.getByRole('radio', { name: 'L, sold out' })).toBeEnabled();
  });

  it("offers a guest 'Tell me when it's back' on a chosen sold-out size", async () => {
    const alert = { id: 'a-1', productId: 'p-4', size: 'L', email: 'ira@example.in', askedAt: '2026-11-26T10:00:00Z', alreadyAsked: false };
    serve({
      '/api/getproduct/p-4': { body: envelope(aProduct({ _id: 'p-4' })) },
      '/api/products/p-4/restock-alerts': { status: 201, body: envelope(alert, 201, 'Done: we will e-mail ira@example.in when size L is back') },
    });
    renderWithProviders(<ProductPage />, { path: '/api/getproduct/p-4', route });
    await userEvent.click(await screen.findByRole('radio', { name: 'L, sold out' }));
    const form = await screen.findByRole('form', { name: 'Back in stock alert for size L' });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    await userEvent.type(within(form).getByLabelText('E-mail'), 'ira@example.in');
    await userEvent.click(within(form).getByRole('button', { name: "Tell me when it's back" }));
    expect(await screen.findByText('Done: we will e-mail ira@example.in when size L is back')).toBeInTheDocument();
    // Another size in stock brings Add to cart back.
    await userEvent.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it('opens with the size a link names (?size=M, the back-in-stock mail\'s link) chosen', async () => {
    serve({ '/api/getproduct/oxford-shirt-p5': { body: envelope(aProduct({ _id: 'p-5', slug: 'oxford-shirt-p5' })) } });
    const { store } = renderWithProviders(<ProductPage />, { path: '/product/oxford-shirt-p5?size=M', route: '/product/:slug' });
    expect(await screen.findByRole('radio', { name: 'M' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(selectCartLines(store.getState())).toEqual([expect.objectContaining({ id: 'p-5', size: 'M', quantity: 1 })]);
  });

  it('opens on a sold-out size a link names with the back-in-stock form', async () => {
    serve({ '/api/getproduct/p-6': { body: envelope(aProduct({ _id: 'p-6' })) } });
    renderWithProviders(<ProductPage />, { path: '/api/getproduct/p-6?size=L', route });
    expect(await screen.findByRole('form', { name: 'Back in stock alert for size L' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'L, sold out' })).toBeChecked();
  });

  it('chooses nothing for a size the product does not have (?size=XXL)', async () => {
    serve({ '/api/getproduct/p-7': { body: envelope(aProduct({ _id: 'p-7' })) } });
    renderWithProviders(<ProductPage />, { path: '/api/getproduct/p-7?size=XXL', route });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a size');
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
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
