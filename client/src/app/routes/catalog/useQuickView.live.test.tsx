import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGetProductsQuery } from '../../../features/catalog/api';
import type { Product } from '../../../features/catalog/types';
import { cacheActionsForEvent } from '../../../lib/realtime';
import { aPage, aProduct } from '../../../test/fixtures';
import { recordingFetch } from '../../../test/recordingFetch';
import { envelope, renderWithProviders } from '../../renderWithProviders';
import { makeStore } from '../../store';
import { useQuickView } from './useQuickView';

const listing = { type: 'Formal Shirts', page: 1 };

/** A listing page: its products from the API, each with a quick view. */
function Listing() {
  const { data } = useGetProductsQuery(listing);
  const quickView = useQuickView();
  return (
    <>
      {data?.items.map((product: Product) => (
        <button key={product._id} type="button" onClick={() => quickView.open(product)}>
          Open {product.productName}
        </button>
      ))}
      {quickView.element}
    </>
  );
}

const shirt = (medium: number) =>
  aProduct({
    _id: 'live-shirt',
    productName: 'Charcoal Twill Shirt',
    stock: { S: 2, M: medium },
    sizes: [
      { size: 'S', stock: 2 },
      { size: 'M', stock: medium },
    ],
    totalStock: 2 + medium,
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('quick view with live stock', () => {
  it('marks a size that sells out while the dialog is open and offers to tell when it is back', async () => {
    let medium = 1;
    const calls = recordingFetch((call) => (call.path === 'getproduct' ? { body: envelope(aPage([shirt(medium)])) } : undefined));
    const store = makeStore();
    renderWithProviders(<Listing />, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Charcoal Twill Shirt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Charcoal Twill Shirt' });
    const size = (value: string) => dialog.querySelector<HTMLInputElement>(`input[value="${value}"]`)!;
    await userEvent.click(size('M'), { pointerEventsCheck: 0 });
    expect(size('M')).toBeChecked();

    // Someone buys the last M: the server says so on the catalog topic.
    medium = 0;
    act(() => {
      const event = { id: 'e1', type: 'stock.changed', topic: 'catalog', data: { productId: 'live-shirt', sizes: { M: 0 } }, at: '' };
      for (const action of cacheActionsForEvent(event)) store.dispatch(action);
    });

    expect(await within(dialog).findByRole('radio', { name: 'M, sold out' })).toBeChecked();
    // The chosen size can no longer be added: the back-in-stock form takes Add to cart's place.
    expect(await within(dialog).findByRole('form', { name: 'Back in stock alert for size M' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(size('S')).toBeEnabled();
    expect(calls.filter((call) => call.path === 'getproduct')).toHaveLength(2);
  });
});
