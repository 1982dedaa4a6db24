// The sale form: from a sale, checked before sending, into the API's body, and a sale's reach
// in words.
import type { AdminSale, SaleBody, SaleForm } from './types';

export const emptySaleForm: SaleForm = { saleName: '', discount: '', gender: 'All', categoryId: '', subCategoryIds: [], image: '', mobileImage: '', active: false };

export function saleToForm(sale: AdminSale): SaleForm {
  return {
    saleName: sale.saleName,
    discount: String(sale.discount),
    gender: sale.gender || 'All',
    categoryId: sale.categoryId || '',
    subCategoryIds: sale.subCategories.map((sub) => sub._id),
    image: sale.image,
    mobileImage: sale.mobileIamge,
    active: sale.saleStatus,
  };
}

/** Field problems of form; empty when it may be sent. */
export function checkSaleForm(form: SaleForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.saleName.trim()) problems.saleName = 'Name the sale';
  else if (form.saleName.trim().length > 100) problems.saleName = 'The name must be at most 100 characters';
  const discount = Number(form.discount);
  if (!Number.isInteger(discount) || discount < 1 || discount > 90) problems.discount = 'Discount must be 1 to 90 percent';
  return problems;
}

export function saleBody(form: SaleForm): SaleBody {
  return {
    saleName: form.saleName.trim(),
    discountPercentage: Number(form.discount),
    gender: form.gender || 'All',
    category: form.categoryId || 'All',
    subCategories: form.categoryId ? form.subCategoryIds : [],
    image: form.image,
    mobileIamge: form.mobileImage,
    saleStatus: form.active,
  };
}

/** Whom a sale reaches: "Everything", "Women · Shirts: Formal Shirts, Oxford Shirts". */
export function saleReach(sale: Pick<AdminSale, 'gender' | 'category' | 'subCategories'>): string {
  const parts: string[] = [];
  // A category named after its gender (the demo's "Men") says it once.
  if (sale.gender && sale.gender !== 'All' && sale.gender !== sale.category) parts.push(sale.gender);
  if (sale.category && sale.category !== 'All') {
    parts.push(sale.subCategories.length > 0 ? `${sale.category}: ${sale.subCategories.map((sub) => sub.categoryType).join(', ')}` : sale.category);
  }
  return parts.length > 0 ? parts.join(' · ') : 'Everything';
}
