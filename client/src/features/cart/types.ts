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
