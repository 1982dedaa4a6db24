export interface SubCategory {
  _id: string;
  categoryType: string;
  image: string;
}

export interface Category {
  _id: string;
  subCategory: SubCategory[];
}

export interface CategoryList {
  items: Category[];
}
