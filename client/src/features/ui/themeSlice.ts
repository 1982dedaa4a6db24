import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readStored, writeStored } from '../../lib/storage';
import type { Theme } from './types';

export const themeStorageKey = 'theme';

export function storedTheme(): Theme {
  return readStored(themeStorageKey) === 'dark' ? 'dark' : 'light';
}

const browserBarColours: Record<Theme, string> = { light: '#faf7f0', dark: '#14161a' };

/**
 * Puts the theme on <html data-theme> (the CSS reads it) and remembers it for the next visit,
 * also in a cookie: the server draws a page's first screen in it (server/firstscreen.go).
 */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.cookie = `${themeStorageKey}=${theme};max-age=31536000;path=/`;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', browserBarColours[theme]);
  writeStored(themeStorageKey, theme);
}

export interface ThemeState {
  theme: Theme;
}

export const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({ theme: storedTheme() }),
  reducers: {
    themeToggled(state) {
      state.theme = state.theme === 'light' ? 'dark' : 'light';
    },
    themeSet(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
  },
});

export const { themeToggled, themeSet } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
