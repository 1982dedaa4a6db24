import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectCartItemCount, selectCartLines } from '../../../features/cart/cartSlice';
import { guestCartStorageKey } from '../../../features/cart/guestCart';
import type { Product } from '../../../features/catalog/types';
import { aProduct } from '../../../test/fixtures';
import { useAppSelector } from '../../hooks';
import { envelope, renderWithProviders } from '../../renderWithProviders';
import { serve } from '../../../test/serve';
import { CartShell } from '../../shell/CartShell';
import { useQuickView } from './useQuickView';

function CartCount() {
  return <output aria-label="Cart count">{useAppSelector(selectCartItemCount)}</output>;
}

function Harness({ product }: { product: Product }) {
  const quickView = useQuickView();
  return (
    <>
      <button type="button" onClick={() => quickView.open(product)}>
        Open {product.productName}
      </button>
      {quickView.element}
      <CartShell />
      <CartCount />
    </>
  );
}

const shirt = aProduct({
  _id: 'shirt-1',
  productName: 'Ivory Oxford Shirt',
  price: 1599,
  discountedPrice: 1279,
  basicProductDescription: 'x'.repeat(250),
  sizes: [
    { size: 'S', stock: 2 },
    { size: 'M', stock: 5 },
    { size: 'L', stock: 0 },
  ],
});

async function openQuickView() {
  await userEvent.click(screen.getByRole('button', { name: 'Open Ivory Oxford Shirt' }));
  return screen.findByRole('dialog', { name: 'Ivory Oxford Shirt' });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('quick view', () => {
  it('shows the product: prices, sizes in order, a 200-character description and All details', async () => {
    renderWithProviders(<Harness product={shirt} />);
    const dialog = await openQuickView();
    expect(dialog).toHaveTextContent('₹1,279');
    expect(within(dialog).getByText('₹1,599').closest('del')).not.toBeNull();
    expect(within(dialog).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['S', 'M', 'L']);
    expect(within(dialog).getByText(`${'x'.repeat(200)}…`)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'All details' })).toHaveAttribute('href', '/api/getproduct/shirt-1');
  });

  it("offers 'Tell me when it's back' on a chosen sold-out size, as the product page does", async () => {
    const alert = { id: 'a-1', productId: 'shirt-1', size: 'L', email: 'ira@example.in', askedAt: '2026-11-26T10:00:00Z', alreadyAsked: false };
    serve({
      '/api/products/shirt-1/restock-alerts': { status: 201, body: envelope(alert, 201, 'Done: we will e-mail ira@example.in when size L is back') },
    });
    renderWithProviders(<Harness product={shirt} />);
    const dialog = await openQuickView();
    expect(within(dialog).getByRole('radio', { name: 'M' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'L, sold out' }));
    const form = await within(dialog).findByRole('form', { name: 'Back in stock alert for size L' });
    expect(within(dialog).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    await userEvent.type(within(form).getByLabelText('E-mail'), 'ira@example.in');
    await userEvent.click(within(form).getByRole('button', { name: "Tell me when it's back" }));
    expect(await within(dialog).findByText('Done: we will e-mail ira@example.in when size L is back')).toBeInTheDocument();
    // A size in stock brings Add to cart back.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'M' }));
    expect(within(dialog).getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  it("says 'Please select a size' for 3 s when Add to cart is pressed without one", async () => {
    const { store } = renderWithProviders(<Harness product={shirt} />);
    const dialog = await openQuickView();
    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a size');
    expect(selectCartLines(store.getState())).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a size');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('');
  });

  it('adds to the guest cart, merging the same product and size, and says so for 6 s', async () => {
    const { store } = renderWithProviders(<Harness product={shirt} />);

    let dialog = await openQuickView();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'M' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to cart' }));
    expect(screen.queryByRole('dialog', { name: 'Ivory Oxford Shirt' })).not.toBeInTheDocument();
    // The cart drawer slides in with the notice; closing it leaves the green banner.
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByTestId('cart-added-notice')).toHaveTextContent('Item added to your cart');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-added-notice')).toHaveTextContent('Item added to your cart');
    expect(screen.getByRole('link', { name: 'View Cart' })).toHaveAttribute('href', '/guestcart');

    dialog = await openQuickView();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'M' }));
    vi.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to cart' }));

    const lines = selectCartLines(store.getState());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id: 'shirt-1', size: 'M', quantity: 2, finalAmount: 1279, total: 2558 });
    expect(JSON.parse(window.localStorage.getItem(guestCartStorageKey)!)).toEqual(lines);
    expect(screen.getByRole('status', { name: 'Cart count' })).toHaveTextContent('2');
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Your cart' }), { key: 'Escape' });

    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(screen.getByTestId('cart-added-notice')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('cart-added-notice')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    renderWithProviders(<Harness product={shirt} />);
    const opener = screen.getByRole('button', { name: 'Open Ivory Oxford Shirt' });
    await openQuickView();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    renderWithProviders(<Harness product={shirt} />);
    const dialog = await openQuickView();
    const close = within(dialog).getByRole('button', { name: 'Close quick view' });
    const allDetails = within(dialog).getByRole('link', { name: 'All details' });
    allDetails.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(allDetails).toHaveFocus();
  });

  it('opens the size chart over the quick view and closes it with Escape alone', async () => {
    renderWithProviders(<Harness product={shirt} />);
    const dialog = await openQuickView();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Size chart' }));
    const chart = screen.getByRole('dialog', { name: 'Size chart' });
    expect(within(chart).getByRole('img', { name: 'Size chart for Ivory Oxford Shirt' })).toHaveAttribute(
      'src',
      '/static/size-chart.svg',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Size chart' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Ivory Oxford Shirt' })).toBeInTheDocument();
  });
});
