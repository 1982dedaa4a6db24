export interface Sale {
  saleName: string;
  discount: number;
  subCategories: { categoryType: string }[];
  categoryData: { categoryType: string } | null;
  gender: string;
}
