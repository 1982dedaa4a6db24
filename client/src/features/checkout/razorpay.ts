// Razorpay Checkout (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/):
// the script named by GET /api/config (razorpayCheckoutUrl) loads once, the first time a shopper
// pays online. In development and tests the URL points at sim's look-alike, with the same API.

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error: {
    code?: string;
    description?: string;
    source?: string;
    step?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (response: RazorpaySuccess) => void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', callback: (response: RazorpayFailure) => void): void;
  close?(): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Loads Razorpay's checkout script from `url` (once) and gives its constructor. */
export function loadRazorpay(url: string | undefined): Promise<RazorpayConstructor> {
  const ready = window.Razorpay;
  if (ready) return Promise.resolve(ready);
  if (!url) return Promise.reject(new Error('No payment script configured'));
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('Razorpay checkout did not start'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay checkout did not load'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Razorpay's header colour: the shop's navy (light text reads on it in either theme). */
export const razorpayThemeColour = '#1f2a44';
