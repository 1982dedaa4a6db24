import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { CrashPage } from './CrashPage';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('broken page');
}

describe('CrashPage', () => {
  it("loads ErrorPage when a page crashes: 'Oops something went wrong', Try again, Back to home", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 202 })));
    render(
      <MemoryRouter>
        <ErrorBoundary fallback={(error) => <CrashPage error={error} />}>
          <Broken />
        </ErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Oops something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We are working on it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    vi.unstubAllGlobals();
  });
});
