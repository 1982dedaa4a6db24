// Sales in the back office (/api/admin/sales…, admins): a percentage off everything, one
// gender, one category or some of its sub-categories, with banner images; switching one on or
// off reaches every storefront at once (sale.changed).

export interface AdminSale {
  _id: string;
  saleName: string;
  discount: number;
  saleStatus: boolean;
  /** 'All' or a gender. */
  gender: string;
  /** 'All' or the category's name. */
  category: string;
  categoryId: string;
  subCategories: { _id: string; categoryType: string }[];
  image: string;
  mobileIamge: string;
}

export interface AdminSalePage {
  items: AdminSale[];
  page: number;
  totalPages: number;
  total: number;
}

/** A category as the sale form offers it. */
export interface SaleCategory {
  _id: string;
  name: string;
  gender: string;
  subCategory: { _id: string; categoryType: string }[];
}

export interface SaleForm {
  saleName: string;
  discount: string;
  gender: string;
  /** '' for every category. */
  categoryId: string;
  subCategoryIds: string[];
  image: string;
  mobileImage: string;
  active: boolean;
}

/** What the API takes to create or change a sale. */
export interface SaleBody {
  saleName: string;
  discountPercentage: number;
  gender: string;
  category: string;
  subCategories: string[];
  image: string;
  mobileIamge: string;
  saleStatus: boolean;
}
