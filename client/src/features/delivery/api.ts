// The pincode check (GET /api/delivery): whether the shop delivers to a pincode, with cash on
// delivery or not, and by when. The server answers within 300 ms, neutrally when the courier
// is slower ("We'll confirm delivery at checkout"), so a neutral answer is asked again later.
import { api } from '../../lib/api';

/** The server's promise for a pincode. */
export interface DeliveryPromise {
  pincode: string;
  /** false: the courier's word is not in yet (message is the neutral sentence). */
  known: boolean;
  serviceable: boolean;
  /** Cash on delivery is possible there. */
  cod: boolean;
  /** 'YYYY-MM-DD' (IST), '' when not known. */
  deliveryBy: string;
  /** 'Delivery by Thu, 27 Nov', or why not. */
  message: string;
}

export const deliveryApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkDelivery: build.query<DeliveryPromise, { pincode: string; cod?: boolean }>({
      query: ({ pincode, cod }) => `delivery?pincode=${encodeURIComponent(pincode)}&cod=${cod ? 1 : 0}`,
      // A neutral answer is short-lived: the lookup finishes into the server's cache meanwhile.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useLazyCheckDeliveryQuery } = deliveryApi;

const lastPincodeKey = 'drape:pincode';

/** The pincode the shopper checked last on this device, '' when none. */
export function lastPincode(): string {
  try {
    return window.localStorage.getItem(lastPincodeKey) ?? '';
  } catch {
    return '';
  }
}

/** Remembers pincode as the last one checked. */
export function rememberPincode(pincode: string) {
  try {
    window.localStorage.setItem(lastPincodeKey, pincode);
  } catch {
    // Private mode: the box starts empty next time.
  }
}

/** A valid Indian pincode: 6 digits, not starting with 0. */
export const isPincode = (value: string) => /^[1-9]\d{5}$/.test(value);
