/** A running sale as GET /api/getsale lists it (SPEC §3 has both the storefront and admin names). */
export interface Sale {
  _id?: string;
  saleName: string;
  discount: number;
  discountPercentage?: number;
  saleStatus?: boolean;
  subCategories: { _id?: string; categoryType: string }[];
  categoryData: { categoryType: string } | null;
  category?: string;
  categoryId?: string;
  gender: string;
  /** Desktop banner. */
  image?: string;
  /** Mobile banner (sic). */
  mobileIamge?: string;
}
