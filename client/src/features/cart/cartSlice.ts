import { createSlice } from '@reduxjs/toolkit';
import type { CartLine } from './types';

export interface CartState {
  lines: CartLine[];
}

const initialState: CartState = { lines: [] };

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
  selectors: {
    selectCartLines: (state) => state.lines,
    selectCartItemCount: (state) => state.lines.reduce((count, line) => count + line.quantity, 0),
  },
});

export const { selectCartLines, selectCartItemCount } = cartSlice.selectors;
