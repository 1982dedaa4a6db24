import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { describe, expect, it } from 'vitest';
import { toRequest } from '../api';
import { ReturnRequests } from './ReturnRequests';

const raw = {
  _id: 'r1',
  returnId: 'DRP1-R1',
  orderId: 'DRP1',
  kind: 'return',
  status: 'PICKED_UP',
  statusLabel: 'Picked up',
  reason: { code: 'too_small', label: 'Too small' },
  lines: [{ item: 0, productName: 'Oxford Shirt', size: 'M', quantity: 1 }],
  steps: [],
};

describe("a request's courier pickup", () => {
  it("shows the courier, the AWB linked to its tracking page and the courier's last status", () => {
    const request = toRequest({
      ...raw,
      pickup: { awb: '19123456789012', courierName: 'Delhivery Surface', courierStatus: 'RETURN PICKED UP', trackUrl: 'https://shiprocket.co/tracking/19123456789012' },
    });
    render(<ReturnRequests requests={[request]} />);
    expect(screen.getByTestId('return-pickup')).toHaveTextContent('Pickup by Delhivery Surface, AWB 19123456789012 · Return Picked Up');
    expect(screen.getByRole('link', { name: '19123456789012' })).toHaveAttribute('href', 'https://shiprocket.co/tracking/19123456789012');
  });

  it('says the pickup is being booked until the courier gives an AWB, and shows staff why a booking failed', () => {
    const booking = toRequest({ ...raw, status: 'APPROVED', pickup: { awb: '', error: 'Shiprocket refused the return pickup' } });
    const { unmount } = render(<ReturnRequests requests={[booking]} />);
    expect(screen.getByTestId('return-pickup')).toHaveTextContent('Booking the courier pickup');
    unmount();
    render(<ReturnRequests requests={[booking]} staff />);
    expect(screen.getByTestId('return-pickup')).toHaveTextContent('Pickup not booked: Shiprocket refused the return pickup');
  });

  it('stops saying the pickup is being booked once the parcel is at the shop', () => {
    render(<ReturnRequests requests={[toRequest({ ...raw, status: 'QC_PASSED', pickup: { awb: '' } })]} />);
    expect(screen.queryByTestId('return-pickup')).not.toBeInTheDocument();
  });

  it('shows nothing before a booking was tried', () => {
    render(<ReturnRequests requests={[toRequest(raw)]} />);
    expect(screen.queryByTestId('return-pickup')).not.toBeInTheDocument();
  });
});

describe("an exchange's new parcel", () => {
  it('links the order the new size ships in: the tracking page for the shopper, the order page for staff', () => {
    const request = toRequest({
      ...raw,
      kind: 'exchange',
      status: 'QC_PASSED',
      exchangeOrder: { _id: '0123456789abcdef01234567', orderId: 'DRP1-X1', orderStatus: 'OUT_FOR_DELIVERY' },
    });
    const { unmount } = render(<ReturnRequests requests={[request]} />, { wrapper: MemoryRouter });
    expect(screen.getByTestId('exchange-order')).toHaveTextContent('New size ships as order DRP1-X1 · Out for delivery');
    expect(screen.getByRole('link', { name: 'DRP1-X1' })).toHaveAttribute('href', '/trackid/DRP1-X1');
    unmount();
    render(<ReturnRequests requests={[request]} staff />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'DRP1-X1' })).toHaveAttribute('href', '/admin/orders/0123456789abcdef01234567');
  });

  it('is not there before QC passed', () => {
    render(<ReturnRequests requests={[toRequest({ ...raw, kind: 'exchange' })]} />, { wrapper: MemoryRouter });
    expect(screen.queryByTestId('exchange-order')).not.toBeInTheDocument();
  });
});

describe("a request's steps", () => {
  it("show the note staff wrote to the shopper with the step", () => {
    const request = toRequest({
      ...raw,
      status: 'APPROVED',
      steps: [
        { status: 'REQUESTED', label: 'Return requested', actor: 'shopper', at: '2026-11-26T10:00:00Z' },
        { status: 'APPROVED', label: 'Approved', actor: 'staff:1', note: 'Keep the tags on', at: '2026-11-26T11:00:00Z' },
      ],
    });
    render(<ReturnRequests requests={[request]} />);
    const steps = screen.getByRole('list', { name: 'Steps of DRP1-R1' });
    expect(steps.lastElementChild).toHaveTextContent('Keep the tags on');
  });
});
