import { watchStore, type WatchableStore } from '../../lib/watchStore';
import { applyTheme, type ThemeState } from './themeSlice';

/** Applies and persists the theme whenever it changes. */
export function listenForThemeChanges(store: WatchableStore<{ theme: ThemeState }>): () => void {
  return watchStore(store, (state) => state.theme.theme, applyTheme);
}
