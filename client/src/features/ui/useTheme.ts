import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectTheme, themeToggled } from './themeSlice';

export function useTheme() {
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  const toggleTheme = useCallback(() => dispatch(themeToggled()), [dispatch]);
  return { theme, toggleTheme };
}
