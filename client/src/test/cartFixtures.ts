// Server cart answers for tests, shaped like the issue-5 contract. Tests only.
import { envelope } from '../app/renderWithProviders';
import type { CartLine } from '../features/cart/types';
import { aProduct } from './fixtures';

let counter = 0;

/** A server cart line: 2 × a ₹1,599 shirt at ₹1,439, in stock. */
export function aCartLine(overrides: Partial<CartLine> = {}): CartLine {
  counter += 1;
  const productId = overrides.productId ?? `65a1f0c2b4d3e8a9c0f2${String(counter).padStart(4, '0')}`;
  const quantity = overrides.quantity ?? 2;
  const discountedPrice = overrides.discountedPrice ?? 1439;
  return {
    _id: `6c0000000000000000${String(counter).padStart(6, '0')}`,
    id: productId,
    productId,
    name: 'Ivory Oxford Shirt',
    productName: 'Ivory Oxford Shirt',
    size: 'M',
    quantity,
    price: 1599,
    discount: 10,
    discountedPrice,
    finalAmount: discountedPrice,
    total: discountedPrice * quantity,
    thumbnail: `/uploads/products/line-${counter}.svg`,
    gender: 'Men',
    category: 'Men',
    available: 7,
    soldOut: false,
    problem: '',
    ...overrides,
  };
}

/** GET /api/getcartdetails's data for `lines`, with the server's summary. */
export function cartAnswer(lines: CartLine[]) {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const listTotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return envelope({
    data: lines,
    summary: {
      subtotal,
      listTotal,
      discount: listTotal - subtotal,
      totalItems: lines.reduce((count, line) => count + line.quantity, 0),
      finalAmount: subtotal,
      blocked: lines.some((line) => line.soldOut),
    },
  });
}

/** A product for the best-seller list. */
export const aBestSeller = (name: string) => aProduct({ productName: name, status: 'BestSeller' });

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
