import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serve } from '../../test/serve';
import { envelope, renderWithProviders } from '../renderWithProviders';
import { ReturnPolicyPage, TermsPage } from './ContentPages';

afterEach(() => {
  vi.unstubAllGlobals();
});

function cms(description: string, type = 'privacy') {
  return { body: envelope({ type, title: 'Policy', description, updatedAt: '2025-03-01T10:00:00Z' }) };
}

describe('ReturnPolicyPage', () => {
  it("shows 'Return and Exchange Policy' with the privacy page's HTML", async () => {
    const asked = serve({ '/api/getcms': cms('<h2>Exchanges</h2><p>Within <strong>7 days</strong>.</p>') });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returns' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Return and Exchange Policy');
    expect(await screen.findByRole('heading', { name: 'Exchanges' })).toBeInTheDocument();
    expect(screen.getByText('7 days').tagName).toBe('STRONG');
    expect(asked.find((url) => url.pathname === '/api/getcms')!.searchParams.get('type')).toBe('privacy');
  });

  it("shows the policy's terms above the written text: windows, fee, final sale and the reasons", async () => {
    serve({
      '/api/getcms': cms('<p>Our promise.</p>'),
      '/api/returns/policy': {
        body: envelope({
          returnWindowDays: 7,
          exchangeWindowDays: 10,
          returnFee: 99,
          freeExchanges: true,
          returnableSubCategories: [{ _id: 's1', categoryType: 'Shirts' }],
          notReturnableSubCategories: [{ _id: 's2', categoryType: 'Pocket squares' }],
          reasons: [
            { code: 'too_small', label: 'Too small', photoRequired: false },
            { code: 'damaged', label: 'Damaged or defective', photoRequired: true },
          ],
        }),
      },
    });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returns' });
    const terms = await screen.findByRole('region', { name: 'At a glance' });
    expect(terms).toHaveTextContent('Within 10 days of delivery, for another size, free of charge');
    expect(terms).toHaveTextContent('Within 7 days of delivery, for a refund');
    expect(terms).toHaveTextContent('₹99, taken from the refund');
    expect(terms).toHaveTextContent('Pocket squares');
    expect(terms).toHaveTextContent('Damaged or defective · with a photo');
    expect(await screen.findByText('Our promise.')).toBeInTheDocument();
  });

  it('leaves out a first heading that repeats the page title', async () => {
    serve({ '/api/getcms': cms('<h2>Return and Exchange Policy</h2><p>Within 7 days.</p>') });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returns' });
    expect(await screen.findByText('Within 7 days.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Return and Exchange Policy' })).toHaveLength(1);
  });

  it('sanitises the HTML again before showing it', async () => {
    serve({
      '/api/getcms': cms(
        '<p onclick="alert(1)">Safe text</p><script>window.hacked = true</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad link</a>',
      ),
    });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returns' });
    const content = await screen.findByTestId('cms-content');
    expect(content).toHaveTextContent('Safe text');
    expect(content.innerHTML).not.toMatch(/script|onclick|onerror|javascript:/);
  });

  it("says 'No return policy content available.' when the page is not written (404)", async () => {
    serve({ '/api/getcms': { status: 404, body: envelope(null, 404, 'No privacy page has been written yet') } });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returns' });
    expect(await screen.findByText('No return policy content available.')).toBeInTheDocument();
  });

  it("says 'No return policy content available.' when the page is empty", async () => {
    serve({ '/api/getcms': cms('<p><br></p>') });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returnpolicydetails' });
    expect(await screen.findByText('No return policy content available.')).toBeInTheDocument();
  });

  it("says 'Something went wrong while fetching return policy.' on other errors", async () => {
    serve({ '/api/getcms': { status: 500, body: envelope(null, 500, 'boom') } });
    renderWithProviders(<ReturnPolicyPage />, { path: '/returns' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching return policy.');
  });
});

describe('TermsPage', () => {
  it('shows the terms HTML', async () => {
    const asked = serve({
      '/api/getcms': cms('<h2>Terms &amp; Conditions</h2><p>These terms apply to every order.</p>', 'terms'),
    });
    renderWithProviders(<TermsPage />, { path: '/terms-conditions' });
    expect(await screen.findByText('These terms apply to every order.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms & Conditions' })).not.toBeInTheDocument();
    expect(asked[0]!.searchParams.get('type')).toBe('terms');
  });

  it('falls back calmly when the terms are missing or fail to load', async () => {
    serve({ '/api/getcms': { status: 404, body: envelope(null, 404, 'missing') } });
    const { unmount } = renderWithProviders(<TermsPage />, { path: '/terms-conditions' });
    expect(await screen.findByText('Our terms and conditions will be published here soon.')).toBeInTheDocument();
    unmount();

    serve({ '/api/getcms': { status: 500, body: envelope(null, 500, 'boom') } });
    renderWithProviders(<TermsPage />, { path: '/terms-conditions' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching the terms and conditions.',
    );
  });
});
