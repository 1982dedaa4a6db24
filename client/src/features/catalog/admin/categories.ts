// The back office's categories and sub-categories (GET /api/admin/categories): their types,
// the forms (checked before sending as the server checks them, into the API's bodies) and how
// the screen words counts.

/** A sub-category as the back office lists it. */
export interface AdminSubCategory {
  _id: string;
  categoryId: string;
  /** The name; it also names the listing /products/{categoryType}. */
  categoryType: string;
  image: string;
  position: number;
  /** Products in it, hidden ones included. */
  products: number;
  /** Products shoppers see. */
  visibleProducts: number;
}

/** A category with its sub-categories, as the back office lists it. */
export interface AdminCategory {
  _id: string;
  name: string;
  gender: string;
  image: string;
  position: number;
  products: number;
  visibleProducts: number;
  subCategory: AdminSubCategory[];
}

export const categoryGenders = ['Men', 'Women', 'Unisex'] as const;

export interface CategoryForm {
  name: string;
  gender: string;
  image: string;
  position: string;
}

export interface SubCategoryForm {
  categoryId: string;
  categoryType: string;
  image: string;
  position: string;
}

export const emptyCategoryForm: CategoryForm = { name: '', gender: 'Men', image: '', position: '0' };

export function categoryToForm(category: AdminCategory): CategoryForm {
  return { name: category.name, gender: category.gender, image: category.image, position: String(category.position) };
}

export function emptySubCategoryForm(categoryId: string): SubCategoryForm {
  return { categoryId, categoryType: '', image: '', position: '0' };
}

export function subCategoryToForm(sub: AdminSubCategory): SubCategoryForm {
  return { categoryId: sub.categoryId, categoryType: sub.categoryType, image: sub.image, position: String(sub.position) };
}

function positionProblem(position: string): string | undefined {
  const n = Number(position);
  return position.trim() === '' || !Number.isInteger(n) || n < 0 || n > 10000 ? 'position must be from 0 to 10000' : undefined;
}

function nameProblem(name: string, what: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return `Name the ${what}`;
  if ([...trimmed].length > 60) return 'The name must be at most 60 characters';
  return undefined;
}

/** A name already used (ignoring case) by another of others, excluding the one being edited. */
function taken(name: string, others: { id: string; name: string }[], editing?: string): boolean {
  const wanted = name.trim().toLowerCase();
  return others.some((other) => other.id !== editing && other.name.trim().toLowerCase() === wanted);
}

/** Field problems of a category form; empty when it may be sent. */
export function checkCategoryForm(form: CategoryForm, categories: readonly AdminCategory[] = [], editing?: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = nameProblem(form.name, 'category');
  if (name) problems.name = name;
  else if (taken(form.name, categories.map((c) => ({ id: c._id, name: c.name })), editing)) problems.name = `A category named ${form.name.trim()} already exists`;
  if (!(categoryGenders as readonly string[]).includes(form.gender)) problems.gender = 'gender must be Men, Women or Unisex';
  const position = positionProblem(form.position);
  if (position) problems.position = position;
  return problems;
}

/** Field problems of a sub-category form; empty when it may be sent. Names are unique shop-wide. */
export function checkSubCategoryForm(form: SubCategoryForm, categories: readonly AdminCategory[] = [], editing?: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const name = nameProblem(form.categoryType, 'sub-category');
  const all = categories.flatMap((c) => c.subCategory.map((s) => ({ id: s._id, name: s.categoryType })));
  if (name) problems.categoryType = name;
  else if (taken(form.categoryType, all, editing)) problems.categoryType = `A sub-category named ${form.categoryType.trim()} already exists`;
  else if (form.categoryType.trim().toLowerCase() === 'bestseller') problems.categoryType = 'bestseller names the Best Seller listing: choose another name';
  if (!form.categoryId) problems.categoryId = 'Choose its category';
  const position = positionProblem(form.position);
  if (position) problems.position = position;
  return problems;
}

export function categoryBody(form: CategoryForm) {
  return { name: form.name.trim(), gender: form.gender, image: form.image, position: Number(form.position) };
}

export function subCategoryBody(form: SubCategoryForm) {
  return { categoryId: form.categoryId, categoryType: form.categoryType.trim(), image: form.image, position: Number(form.position) };
}

/** "No products", "1 product", "12 products · 10 shown". */
export function productCountLabel(total: number, visible: number): string {
  if (total === 0) return 'No products';
  const base = total === 1 ? '1 product' : `${total} products`;
  return visible === total ? base : `${base} · ${visible} shown`;
}
