import type { Sale } from './types';

function audience(gender: string): string {
  const trimmed = gender.trim();
  if (!trimmed || trimmed.toLowerCase() === 'all') return 'everyone';
  return trimmed;
}

/** "drape's Diwali Edit sale is live — flat 20% off on Shirts, Trousers in the Formal collection for Men". */
export function saleAnnouncement(sale: Sale, brandName: string): string {
  const parts = [`${brandName}'s ${sale.saleName.trim()} sale is live — flat ${sale.discount}% off`];
  const subCategories = (sale.subCategories ?? [])
    .map((subCategory) => subCategory.categoryType?.trim())
    .filter(Boolean);
  if (subCategories.length > 0) parts.push(`on ${subCategories.join(', ')}`);
  const collection = sale.categoryData?.categoryType?.trim();
  const forWhom = audience(sale.gender ?? '');
  if (collection && collection.toLowerCase() !== 'all') parts.push(`in the ${collection} collection`);
  // "in the Men collection for Men" says the same thing twice.
  if (!collection || collection.toLowerCase() !== forWhom.toLowerCase()) parts.push(`for ${forWhom}`);
  return parts.join(' ');
}
