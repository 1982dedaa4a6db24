// The back office's product list (GET /api/admin/products): every product, hidden ones too.

export interface AdminProduct {
  _id: string;
  /** The product code (SPEC's productId). */
  productId: string;
  productName: string;
  thumbnail: string;
  status: string;
  /** Rupees. */
  price: number;
  discount: number;
  discountedPrice: number;
  totalStock: number;
  stock: Record<string, number>;
  subCategory: string;
  category: string;
  /** Shown on the storefront. */
  active: boolean;
  updatedAt: string;
}

export interface AdminProductPage {
  items: AdminProduct[];
  page: number;
  totalPages: number;
  total: number;
}

export type ProductStatusFilter = '' | 'active' | 'inactive' | 'BestSeller';
export type StockFilter = '' | 'out' | 'in' | 'low';
export type ProductSort = '' | 'oldest' | 'name' | 'price' | '-price';

export interface AdminProductFilters {
  page: number;
  search: string;
  /** A sub-category name. */
  subCategory: string;
  status: ProductStatusFilter;
  stock: StockFilter;
  sort: ProductSort;
}

/** What POST /api/admin/products/status sets on many products at once. */
export type BulkStatus = 'active' | 'inactive' | 'BestSeller' | 'regular';
