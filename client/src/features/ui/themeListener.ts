import type { TypedStartListening } from '@reduxjs/toolkit';
import { applyTheme, type ThemeState } from './themeSlice';

/** Applies and persists the theme whenever it changes. */
export function listenForThemeChanges(startListening: TypedStartListening<{ theme: ThemeState }>): void {
  startListening({
    predicate: (_action, current, previous) => current.theme.theme !== previous.theme.theme,
    effect: (_action, listenerApi) => applyTheme(listenerApi.getState().theme.theme),
  });
}
