import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/renderWithProviders';
import { toastShown } from '../toastSlice';
import { DeferredToastViewport } from './ToastRegion';

describe('DeferredToastViewport', () => {
  it('keeps the Notifications region in place before any toast, then shows toasts as they come', async () => {
    const { store } = renderWithProviders(<DeferredToastViewport />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).queryByRole('listitem')).not.toBeInTheDocument();
    act(() => {
      store.dispatch(toastShown({ message: 'Added to your wishlist' }));
    });
    expect(await within(region).findByRole('status')).toHaveTextContent('Added to your wishlist');
    act(() => {
      store.dispatch(toastShown({ message: 'Could not save it', type: 'error' }));
    });
    // The toast list mounted while findByRole waited, outside act(), so it may not be listening to
    // the store yet when this toast comes (it catches up right after): wait for it too.
    expect(await within(region).findByRole('alert')).toHaveTextContent('Could not save it');
  });
});
