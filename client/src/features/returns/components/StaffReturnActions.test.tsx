import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../../app/renderWithProviders';
import { toRequest } from '../api';
import { StaffReturnActions } from './StaffReturnActions';

const raw = {
  _id: 'r1',
  returnId: 'DRP1-R1',
  orderId: 'DRP1',
  kind: 'exchange',
  status: 'REQUESTED',
  statusLabel: 'Exchange requested',
  reason: { code: 'too_small', label: 'Too small' },
  lines: [{ item: 0, productName: 'Oxford Shirt', size: 'M', quantity: 1, newSize: 'L', held: 1 }],
  steps: [],
};

/** The server's answers to staff's moves, and what each was sent. */
function server(answer: (path: string, body: Record<string, unknown>) => { status: number; body: unknown }) {
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const path = new URL(request.url).pathname;
    const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
    sent.push({ path, body });
    const { status, body: reply } = answer(path, body);
    return new Response(JSON.stringify(reply), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe("staff's return actions", () => {
  it('approves a new request with the note to the shopper, and offers reject with a reason', async () => {
    const sent = server(() => ({ status: 200, body: envelope({ ...raw, status: 'APPROVED', statusLabel: 'Approved' }) }));
    renderWithProviders(<StaffReturnActions request={toRequest(raw)} />);
    const group = screen.getByRole('group', { name: 'Actions on DRP1-R1' });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Reject…']);
    await userEvent.type(within(group).getByLabelText(/Note to the shopper/), 'Keep the tags on');
    await userEvent.click(within(group).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toEqual([{ path: '/api/admin/returns/r1/approve', body: { note: 'Keep the tags on' } }]));
  });

  it('asks why before a rejection or a failed QC, at the field, sending nothing', async () => {
    const sent = server(() => ({ status: 200, body: envelope(raw) }));
    renderWithProviders(<StaffReturnActions request={toRequest(raw)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reject…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject the request' }));
    expect(screen.getByLabelText('Reason for the shopper')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Say why the request is rejected: the shopper reads it')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reason for the shopper'), 'Worn, tags removed');
    await userEvent.click(screen.getByRole('button', { name: 'Reject the request' }));
    await waitFor(() => expect(sent).toEqual([{ path: '/api/admin/returns/r1/reject', body: { reason: 'Worn, tags removed' } }]));
  });

  it("shows the server's refusal at the field it names", async () => {
    server(() => ({ status: 400, body: { code: 400, success: false, message: 'Check the payout', errors: { reference: 'Enter a UTR or UPI reference' }, data: null } }));
    const paid = toRequest({ ...raw, kind: 'return', status: 'QC_PASSED', refund: { method: 'payout', payTo: 'ra****@okhdfcbank' } });
    renderWithProviders(<StaffReturnActions request={paid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record payout…' }));
    expect(screen.getByText('Payout of DRP1-R1 to ra****@okhdfcbank')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reference (UTR or UPI transaction id)'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('Enter a UTR or UPI reference')).toBeInTheDocument();
    expect(screen.getByLabelText('Reference (UTR or UPI transaction id)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lets an admin reveal the payout details in full, asking the server each time; staff only see them masked', async () => {
    const sent = server((path) =>
      path.endsWith('/payout-details')
        ? { status: 200, body: envelope({ _id: 'r1', returnId: 'DRP1-R1', ifsc: 'HDFC0001234', account: '50100123456789', masked: 'A/c ****6789 · HDFC0001234' }) }
        : { status: 404, body: envelope(null, 404, 'Not found') },
    );
    const paid = toRequest({ ...raw, kind: 'return', status: 'QC_PASSED', refund: { method: 'payout', payTo: 'A/c ****6789 · HDFC0001234' } });
    const { unmount } = renderWithProviders(<StaffReturnActions request={paid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Record payout…' }));
    expect(screen.queryByRole('button', { name: 'Reveal the full details' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<StaffReturnActions request={paid} canReveal />);
    await userEvent.click(screen.getByRole('button', { name: 'Record payout…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reveal the full details' }));
    expect(await screen.findByLabelText('Payout details')).toHaveTextContent('A/c 50100123456789 · IFSC HDFC0001234');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByLabelText('Payout details')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reveal the full details' }));
    expect(await screen.findByLabelText('Payout details')).toHaveTextContent('50100123456789');
    expect(sent.filter((call) => call.path === '/api/admin/returns/r1/payout-details')).toHaveLength(2);
  });

  it('shows nothing where staff have no move', () => {
    renderWithProviders(<StaffReturnActions request={toRequest({ ...raw, status: 'QC_PASSED' })} />);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
