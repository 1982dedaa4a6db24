import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../app/renderWithProviders';
import { makeStore } from '../../../app/store';
import { ThemeToggle } from './ThemeToggle';

describe('ThemeToggle', () => {
  it('starts light, switches to dark, and remembers the choice', async () => {
    const { store } = renderWithProviders(<ThemeToggle />);
    expect(store.getState().theme.theme).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));

    expect(store.getState().theme.theme).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('starts from the theme stored on a previous visit', () => {
    window.localStorage.setItem('theme', 'dark');
    renderWithProviders(<ThemeToggle />, { store: makeStore() });
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
  });
});
