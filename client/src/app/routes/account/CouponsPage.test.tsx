import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { recordingFetch } from '../../../test/recordingFetch';
import { envelope, renderWithProviders } from '../../renderWithProviders';
import { CouponsPage } from './CouponsPage';

const coupons = [
  {
    _id: 'c1',
    name: 'FESTIVE10',
    code: 'FESTIVE10',
    description: '10% off on orders above ₹1,999',
    status: 'active',
    mimimumAmount: 1999,
    discount: 10,
    maxDiscount: 500,
    firstTime: false,
    eligible: true,
    reason: '',
  },
  {
    _id: 'c2',
    name: 'WELCOME15',
    code: 'WELCOME15',
    description: 'Welcome to drape',
    status: 'active',
    mimimumAmount: 0,
    discount: 15,
    maxDiscount: 0,
    firstTime: true,
    eligible: false,
    reason: 'For your first order only',
  },
];

describe('coupons page', () => {
  it('lists each coupon with its terms and copies its code', async () => {
    recordingFetch((call) => (call.path === 'getcoupon' ? { body: envelope(coupons) } : undefined));
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { store } = renderWithProviders(<CouponsPage />, { path: '/user/couponcodes' });
    const list = await screen.findByRole('list', { name: 'Coupons' });
    const [festive, welcome] = within(list).getAllByRole('listitem');
    expect(within(festive!).getByText('FESTIVE10')).toBeInTheDocument();
    expect(within(festive!).getByText('₹1,999')).toBeInTheDocument();
    expect(within(festive!).getByText('₹500')).toBeInTheDocument();
    expect(within(welcome!).getByText('First order only')).toBeInTheDocument();
    expect(within(welcome!).getByText('No cap')).toBeInTheDocument();
    expect(within(welcome!).getByText('None')).toBeInTheDocument();
    expect(within(welcome!).getByText('For your first order only')).toBeInTheDocument();

    await userEvent.click(within(festive!).getByRole('button', { name: 'Copy code FESTIVE10' }));
    expect(writeText).toHaveBeenCalledWith('FESTIVE10');
    await waitFor(() =>
      expect(store.getState().toast.items.map((toast) => toast.message)).toContain('Copied FESTIVE10. Apply it at checkout.'),
    );
  });

  it('says when no coupon is running', async () => {
    recordingFetch((call) => (call.path === 'getcoupon' ? { body: envelope([]) } : undefined));
    renderWithProviders(<CouponsPage />, { path: '/user/couponcodes' });
    expect(await screen.findByRole('heading', { name: 'No coupons right now' })).toBeInTheDocument();
  });
});
