import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { Toast, ToastRequest } from './types';

export const defaultToastDurationMs = 4000;
export const toastProgressIntervalMs = 50;

export interface ToastState {
  items: Toast[];
}

const initialState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare(request: ToastRequest) {
        return {
          payload: {
            id: nanoid(),
            message: request.message,
            type: request.type ?? 'success',
            durationMs: request.durationMs ?? defaultToastDurationMs,
          },
        };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
