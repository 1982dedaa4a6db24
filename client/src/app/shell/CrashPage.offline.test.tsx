import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CrashPage } from './CrashPage';

// The crash was a chunk that could not load (offline): ErrorPage's chunk cannot either.
vi.mock('../routes/ErrorPage', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('CrashPage offline', () => {
  it('says the same in plain words, with a reload button, when ErrorPage cannot load', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<CrashPage error={new Error('chunk failed')} standalone />);
    expect(await screen.findByRole('heading', { name: 'Oops something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('We are working on it.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to home' })).not.toBeInTheDocument();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
