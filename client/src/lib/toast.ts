// The toast queue (SPEC §2/§9: top right, success by default, 4000 ms). It lives in lib so every
// feature can show a toast without importing another feature (a toast for after a reload:
// lib/flashToast.ts).
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastType = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
  durationMs: number;
}

export interface ToastRequest {
  message: string;
  type?: ToastType;
  durationMs?: number;
}

export const defaultToastDurationMs = 4000;
export const toastProgressIntervalMs = 50;
export const loginFirstMessage = 'Please login first';
/** Where lib/flashToast.ts keeps toasts for the next page load (session storage). */
export const flashStorageKey = 'flashToast';

export interface ToastState {
  items: Toast[];
}

function toast(request: ToastRequest): Toast {
  return {
    id: nanoid(),
    message: request.message,
    type: request.type ?? 'success',
    durationMs: request.durationMs ?? defaultToastDurationMs,
  };
}

export const toastSlice = createSlice({
  name: 'toast',
  initialState: (): ToastState => ({ items: [] }),
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
      },
      prepare(request: ToastRequest) {
        return { payload: toast(request) };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
