// The product editor (/admin/addproduct, /admin/getproduct/{id}): SPEC §3's product fields as
// typed, checked before sending, turned into the API's body, and the price a shopper pays
// before any sale (the product's own discount, rounded half-up to the rupee as the server does).
import { validHsn } from '../../../lib/gst';

export interface SizeRow {
  size: string;
  stock: string;
  /** The count the editor was opened with (the server refuses a save when it changed meanwhile). */
  was?: number;
}

export interface ProductForm {
  productId: string;
  productName: string;
  gender: string;
  subcategoryId: string;
  price: string;
  discount: string;
  colour: string;
  fit: string;
  basicProductDescription: string;
  returnDescription: string;
  length: string;
  width: string;
  height: string;
  weight: string;
  images: string[];
  sizeChart: string;
  sizes: SizeRow[];
  bestSeller: boolean;
  active: boolean;
  /** The HSN code for GST invoices: 4, 6 or 8 digits, or '' for the sub-category's default. */
  hsn: string;
  /** The code the editor was opened with (the server's: the product's own or its default). */
  hsnWas: string;
}

export const emptyProductForm: ProductForm = {
  productId: '',
  productName: '',
  gender: 'Men',
  subcategoryId: '',
  price: '',
  discount: '0',
  colour: '',
  fit: '',
  basicProductDescription: '',
  returnDescription: '',
  length: '',
  width: '',
  height: '',
  weight: '',
  images: [],
  sizeChart: '',
  sizes: [{ size: '', stock: '' }],
  bestSeller: false,
  active: true,
  hsn: '',
  hsnWas: '',
};

/** What GET /api/admin/products/{id} answers, as far as the editor reads it. */
export interface EditedProduct {
  _id: string;
  productId: string;
  productName: string;
  gender: string;
  subcategoryId: string;
  price: number;
  discount: number;
  colour: string;
  size: string;
  basicProductDescription: string;
  returnDescription: string;
  length: number;
  width: number;
  hight: number;
  weight: number;
  thumbnail: string;
  images: string[];
  sizeChart: string;
  sizes: { size: string; stock: number }[];
  status: string;
  active: boolean;
  /** Its HSN code: its own, or its sub-category's default ('' when there is none). */
  hsn?: string;
}

export function productToForm(product: EditedProduct): ProductForm {
  const text = (n: number) => (n ? String(n) : '');
  return {
    productId: product.productId,
    productName: product.productName,
    gender: product.gender,
    subcategoryId: product.subcategoryId,
    price: String(product.price),
    discount: String(product.discount),
    colour: product.colour,
    fit: product.size,
    basicProductDescription: product.basicProductDescription,
    returnDescription: product.returnDescription,
    length: text(product.length),
    width: text(product.width),
    height: text(product.hight),
    weight: text(product.weight),
    images: [...new Set([product.thumbnail, ...(product.images ?? [])].filter(Boolean))],
    sizeChart: product.sizeChart,
    sizes: product.sizes.map((row) => ({ size: row.size, stock: String(row.stock), was: row.stock })),
    bestSeller: product.status === 'BestSeller',
    active: product.active,
    hsn: product.hsn ?? '',
    hsnWas: product.hsn ?? '',
  };
}

export const hsnMessage = 'HSN code must be 4, 6 or 8 digits';

const rupees = /^\d+(\.\d{1,2})?$/;
const decimal = /^\d+(\.\d+)?$/;

/** Field problems before sending (the server checks the same and more). */
export function checkProductForm(form: ProductForm): Record<string, string> {
  const p: Record<string, string> = {};
  if (!form.productId.trim()) p.productId = 'productId is required';
  if (!form.productName.trim()) p.productName = 'productName is required';
  if (!form.subcategoryId) p.subcategoryId = 'Choose a sub-category';
  if (!rupees.test(form.price.trim()) || Number(form.price) <= 0) p.price = 'price must be more than 0, in rupees';
  const discount = Number(form.discount || 0);
  if (!Number.isInteger(discount) || discount < 0 || discount > 100) p.discount = 'discount must be a percent from 0 to 100';
  for (const [field, value] of [['length', form.length], ['width', form.width], ['hight', form.height]] as const) {
    if (value.trim() && !decimal.test(value.trim())) p[field] = `${field} must be a number of cm`;
  }
  if (form.weight.trim() && !/^\d+$/.test(form.weight.trim())) p.weight = 'weight must be whole grams';
  if (form.hsn.trim() && !validHsn(form.hsn.trim())) p.hsn = hsnMessage;
  const rows = form.sizes.filter((row) => row.size.trim() || row.stock.trim());
  if (rows.length === 0) p.sizes = 'Keep at least one size';
  else if (rows.some((row) => !row.size.trim())) p.sizes = 'Every size needs a name';
  else if (rows.some((row) => !/^\d+$/.test(row.stock.trim()))) p.sizes = 'Stock must be a whole number from 0';
  else if (new Set(rows.map((row) => row.size.trim().toUpperCase())).size !== rows.length) p.sizes = 'A size is listed twice';
  return p;
}

/** The API body for a checked form. */
export function productBody(form: ProductForm) {
  const number = (value: string) => (value.trim() ? Number(value) : 0);
  const [thumbnail = '', ...images] = form.images;
  return {
    productId: form.productId.trim(),
    productName: form.productName.trim(),
    gender: form.gender,
    subcategoryId: form.subcategoryId,
    price: Number(form.price),
    discount: Number(form.discount || 0),
    colour: form.colour.trim(),
    size: form.fit.trim(),
    basicProductDescription: form.basicProductDescription.trim(),
    returnDescription: form.returnDescription.trim(),
    length: number(form.length),
    width: number(form.width),
    hight: number(form.height),
    weight: number(form.weight),
    thumbnail,
    images,
    sizeChart: form.sizeChart,
    sizes: form.sizes
      .filter((row) => row.size.trim())
      .map((row) => ({ size: row.size.trim(), stock: Number(row.stock), ...(row.was === undefined ? {} : { was: row.was }) })),
    status: form.bestSeller ? 'BestSeller' : '',
    active: form.active,
    // Only a code the admin changed: one shown as it was stays the server's (a default follows
    // the sub-category).
    ...(form.hsn.trim() !== form.hsnWas ? { hsn: form.hsn.trim() } : {}),
  };
}

/** The price before any sale: the product's discount, rounded half-up to the rupee, never above the list price. */
export function previewPrice(price: number, discount: number): number {
  if (!(price > 0)) return 0;
  const percent = Math.max(0, Math.min(100, discount || 0));
  return Math.min(price, Math.floor((price * (100 - percent)) / 100 + 0.5));
}
