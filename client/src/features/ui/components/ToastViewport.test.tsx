import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { renderWithProviders } from '../../../app/renderWithProviders';
import { useToast } from '../useToast';
import { ToastViewport } from './ToastViewport';

function ShowOnMount({ message, type }: { message: string; type?: 'success' | 'error' | 'info' }) {
  const toast = useToast();
  useEffect(() => {
    toast.show({ message, type });
  }, [toast, message, type]);
  return <ToastViewport />;
}

function progress(): number {
  return Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'));
}

describe('ToastViewport', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success toast by default and closes it after 4000 ms', () => {
    renderWithProviders(<ShowOnMount message="Item added to cart" />);
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Item added to cart');
    expect(toast).toHaveAttribute('data-kind', 'success');

    act(() => {
      vi.advanceTimersByTime(3950);
    });
    expect(screen.getByText('Item added to cart')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText('Item added to cart')).not.toBeInTheDocument();
  });

  it('runs the progress bar down in 50 ms steps', () => {
    renderWithProviders(<ShowOnMount message="Coupon removed" type="info" />);
    expect(progress()).toBe(100);
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(progress()).toBe(99);
    act(() => {
      vi.advanceTimersByTime(1950);
    });
    expect(progress()).toBe(50);
  });

  it('uses the alert role for errors and can be dismissed by hand', () => {
    renderWithProviders(<ShowOnMount message="Login failed" type="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Login failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });
});
