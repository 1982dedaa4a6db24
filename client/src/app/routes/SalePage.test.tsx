import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPage, aProduct, aSale } from '../../test/fixtures';
import { serve } from '../../test/serve';
import { envelope, renderWithProviders } from '../renderWithProviders';
import { SalePage } from './SalePage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SalePage', () => {
  it("shows the first sale's banner and its products priced with two decimals", async () => {
    const sale = aSale();
    const asked = serve({
      '/api/getsale': { body: envelope([sale, aSale({ _id: 'other', saleName: 'Later Sale' })]) },
      '/api/getproduct': {
        body: envelope(
          aPage([
            aProduct({
              productName: 'Sale Oxford',
              price: 1599,
              discountedPrice: 1279,
              sale: [{ _id: sale._id!, saleName: sale.saleName, discount: 20 }],
            }),
          ]),
        ),
      },
    });
    renderWithProviders(<SalePage />, { path: '/sale' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Festive Formals' })).toBeInTheDocument();
    const card = await screen.findByTestId('product-card');
    expect(card).toHaveTextContent('₹1,279.00');
    expect(within(card).getByText('₹1,599.00').closest('del')).not.toBeNull();
    expect(asked.find((url) => url.pathname === '/api/getproduct')!.searchParams.get('sale')).toBe(sale._id);
    expect(screen.queryByText('Later Sale')).not.toBeInTheDocument();

    const picture = document.querySelector('picture')!;
    expect(picture.querySelector('source')).toHaveAttribute('media', '(max-width: 640px)');
    expect(picture.querySelector('source')).toHaveAttribute('srcset', '/uploads/sale/festive-mobile.svg');
    expect(picture.querySelector('img')).toHaveAttribute('src', '/uploads/sale/festive.svg');
  });

  it("says 'No products available for this sale.' when it covers nothing", async () => {
    serve({ '/api/getsale': { body: envelope([aSale()]) }, '/api/getproduct': { body: envelope(aPage([])) } });
    renderWithProviders(<SalePage />, { path: '/sale' });
    expect(await screen.findByText('No products available for this sale.')).toBeInTheDocument();
  });

  it('says calmly that no sale is running, with a way to the shop', async () => {
    serve({ '/api/getsale': { body: envelope([]) } });
    renderWithProviders(<SalePage />, { path: '/sale' });
    expect(await screen.findByRole('heading', { name: 'No sale is running right now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop the collection' })).toHaveAttribute('href', '/shop');
  });

  it('shows a generic error view when the products fail to load', async () => {
    serve({ '/api/getsale': { body: envelope([aSale()]) }, '/api/getproduct': { status: 500, body: envelope(null, 500, 'boom') } });
    renderWithProviders(<SalePage />, { path: '/sale' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops something went wrong');
  });

  it('shows a generic error view when the sales fail to load', async () => {
    serve({ '/api/getsale': { status: 502, body: 'Bad gateway' } });
    renderWithProviders(<SalePage />, { path: '/sale' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops something went wrong');
  });
});
