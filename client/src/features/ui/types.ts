export type Theme = 'light' | 'dark';

export type { Toast, ToastRequest, ToastType } from '../../lib/toast';
