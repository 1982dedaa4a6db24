export interface SubCategory {
  _id: string;
  categoryId?: string;
  categoryType: string;
  image: string;
}

export interface Category {
  _id: string;
  name?: string;
  gender?: string;
  subCategory: SubCategory[];
}

export interface CategoryList {
  items: Category[];
}

/** A size of a product and how many are in stock; `sizes` comes in display order. */
export interface ProductSize {
  size: string;
  stock: number;
}

/** The sale that priced a product (the first applies). */
export interface AppliedSale {
  _id: string;
  saleName: string;
  discount: number;
}

/** A product as the storefront receives it. Money is rupees, computed by the server. */
export interface Product {
  _id: string;
  productId: string;
  productName: string;
  /** Its readable page is /product/{slug}; the server finds it by either. */
  slug?: string;
  thumbnail: string;
  images: string[];
  gender: string;
  status: string;
  /** List price, struck through when the shopper pays less. */
  price: number;
  /** The product's own percent off. */
  discount: number;
  /** What the shopper pays for one. */
  discountedPrice: number;
  sale: AppliedSale[];
  stock: Record<string, number>;
  sizes: ProductSize[];
  totalStock: number;
  basicProductDescription: string;
  returnDescription: string;
  sizeChart: string;
  category: string;
  categoryId: string;
  subCategory: string;
  subcategoryId: string;
  colour: string;
  /** The fit label (SPEC calls it size). */
  size: string;
  length: number;
  width: number;
  hight: number;
  weight: number;
  createdAt: string;
  /** The Legal Metrology declarations (product pages only; not in listings). */
  declarations?: Declarations;
}

/** What rule 6(10) of the Legal Metrology (Packaged Commodities) Rules asks a product page to show. */
export interface Declarations {
  makerName: string;
  makerAddress: string;
  countryOfOrigin: string;
  genericName: string;
  netQuantity: string;
  consumerCare: string;
  /** Rupees: the list price, inclusive of all taxes. */
  mrp: number;
}

export interface PageMetadata {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface ProductPage {
  items: Product[];
  metadata: PageMetadata;
  /** With a filter or sort asked for: each facet's values and counts under the other facets' choices. */
  facets?: Facets;
}

/** One value of a facet: how many products it would show with the other facets' choices. */
export interface FacetValue {
  value: string;
  label: string;
  count: number;
}

export interface Facets {
  size: FacetValue[];
  color: FacetValue[];
  fit: FacetValue[];
  price: FacetValue[];
  onsale: FacetValue[];
}

/** One of the listings GET /api/getproduct answers; at most one filter applies. */
export interface ProductListQuery {
  type?: string;
  status?: 'BestSeller';
  gender?: string;
  category?: string;
  sale?: string;
  /** The search results of q (by relevance unless sorted), always with their facets. */
  q?: string;
  page?: number;
  limit?: number;
  /** Filters and sort (listing.ts filterQuery): values comma-separated. */
  size?: string;
  color?: string;
  fit?: string;
  price?: string;
  onsale?: string;
  sort?: string;
}

export interface SearchQuery {
  q: string;
  page?: number;
  limit?: number;
}
