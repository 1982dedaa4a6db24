/** The shop's name, as the header and the sale banner show it (lib/brand.ts has the rest). */
export const brandName = 'drape';
