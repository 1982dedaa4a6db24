export type Theme = 'light' | 'dark';

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
