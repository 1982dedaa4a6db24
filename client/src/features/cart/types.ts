/** A cart line (SPEC §3). Money is rupees as the server priced them; the client only adds up lines. */
export interface CartLine {
  /** The product's _id. */
  id: string;
  /** The product's _id, as the add-to-cart payload names it. */
  productId: string;
  name: string;
  productName: string;
  size: string;
  quantity: number;
  /** List price of one. */
  price: number;
  /** The product's own percent off. */
  discount: number;
  /** Price of one after the product discount and any sale. */
  discountedPrice: number;
  /** What one costs the shopper. */
  finalAmount: number;
  /** What the line costs: the final amount added up per unit. */
  total: number;
  thumbnail: string;
  gender: string;
  category: string;
  /** Server cart lines only: the line's own id (cartId of update and delete). */
  _id?: string;
  /** Server cart lines only: units of this size in stock now. */
  available?: number;
  /** Server cart lines only: fewer in stock than the line asks for; the line blocks payment. */
  soldOut?: boolean;
  /** Server cart lines only: what is wrong ("Only 1 left in size M", "Size M is sold out"), '' when fine. */
  problem?: string;
}

/** The cart's totals. The server sends them for its cart; the guest cart adds up its lines. */
export interface CartSummary {
  /** What the lines cost after discounts. */
  subtotal: number;
  /** What they would cost at list prices (server carts only; 0 when unknown). */
  listTotal: number;
  /** listTotal − subtotal (server carts only). */
  discount: number;
  totalItems: number;
  finalAmount: number;
  /** Some line is sold out or short: payment is blocked until it changes. */
  blocked: boolean;
}

/** GET /api/getcartdetails, newest line first. */
export interface ServerCart {
  lines: CartLine[];
  summary: CartSummary;
}

/** One line to add: a product in a size (quantity 1 unless said). */
export interface CartAddition {
  productId: string;
  size: string;
  quantity?: number;
}

/** What the cart needs to know about a product to add it (a catalog Product has all of it). */
export interface CartProduct {
  _id: string;
  productName: string;
  thumbnail: string;
  price: number;
  discount: number;
  discountedPrice: number;
  gender: string;
  category: string;
}
