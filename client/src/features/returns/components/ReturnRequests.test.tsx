import { render, screen } from '@testing-library/react';
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

  it('shows nothing before a booking was tried', () => {
    render(<ReturnRequests requests={[toRequest(raw)]} />);
    expect(screen.queryByTestId('return-pickup')).not.toBeInTheDocument();
  });
});
