// A product's fit as its size returns tell (GET /api/returns/fit/{productId}), beside the
// product's own answer so SPEC §7's product fields stay as they are. Only the product page (its
// own lazy chunk) asks for it.
import { api } from '../../lib/api';

/** ProductFit is what the server worked out: note is empty unless the evidence is strong enough. */
export interface ProductFit {
  productId: string;
  sizeReturns: number;
  askedUp: number;
  askedDown: number;
  runs: '' | 'small' | 'large';
  note: string;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function toFit(raw: Record<string, unknown> | null): ProductFit {
  const runs = raw?.runs === 'small' || raw?.runs === 'large' ? raw.runs : '';
  return {
    productId: typeof raw?.productId === 'string' ? raw.productId : '',
    sizeReturns: num(raw?.sizeReturns),
    askedUp: num(raw?.askedUp),
    askedDown: num(raw?.askedDown),
    runs,
    note: runs && typeof raw?.note === 'string' ? raw.note : '',
  };
}

export const fitApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductFit: build.query<ProductFit, string>({
      query: (productId) => `returns/fit/${encodeURIComponent(productId)}`,
      transformResponse: toFit,
      providesTags: (_fit, _error, productId) => [{ type: 'Product', id: productId }],
    }),
  }),
});

export const { useGetProductFitQuery } = fitApi;
