// Test data shaped like the API's answers. Tests only: the app never ships product data.
import type { Product, ProductPage } from '../features/catalog/types';
import type { Sale } from '../features/sale/types';

let counter = 0;

export function aProduct(overrides: Partial<Product> = {}): Product {
  counter += 1;
  const id = overrides._id ?? `65a1f0c2b4d3e8a9c0f1${String(counter).padStart(4, '0')}`;
  return {
    _id: id,
    productId: `DRP-${1000 + counter}`,
    productName: `Oxford Shirt ${counter}`,
    thumbnail: `/uploads/products/shirt-${counter}.svg`,
    images: [`/uploads/products/shirt-${counter}-back.svg`],
    gender: 'Men',
    status: '',
    price: 1599,
    discount: 10,
    discountedPrice: 1439,
    sale: [],
    stock: { S: 4, M: 6, L: 0 },
    sizes: [
      { size: 'S', stock: 4 },
      { size: 'M', stock: 6 },
      { size: 'L', stock: 0 },
    ],
    totalStock: 10,
    basicProductDescription: 'A crisp oxford cotton shirt with a button-down collar, cut for a clean line at the desk.',
    returnDescription: 'Returns accepted within 7 days, unworn with tags.',
    sizeChart: '/static/size-chart.svg',
    category: 'Men',
    categoryId: 'c-men',
    subCategory: 'Formal Shirts',
    subcategoryId: 's-shirts',
    colour: 'Light Blue',
    size: 'Slim fit',
    length: 30,
    width: 25,
    hight: 3,
    weight: 300,
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function aPage(items: Product[], metadata: Partial<ProductPage['metadata']> = {}): ProductPage {
  return {
    items,
    metadata: { total: items.length, page: 1, limit: 12, totalPages: items.length > 0 ? 1 : 0, ...metadata },
  };
}

export function aSale(overrides: Partial<Sale> = {}): Sale {
  return {
    _id: '65a1f0c2b4d3e8a9c0f1aaaa',
    saleName: 'Festive Formals',
    discount: 20,
    discountPercentage: 20,
    saleStatus: true,
    gender: 'Men',
    category: 'Men',
    categoryId: 'c-men',
    categoryData: { categoryType: 'Men' },
    subCategories: [
      { _id: 's-shirts', categoryType: 'Formal Shirts' },
      { _id: 's-trousers', categoryType: 'Formal Trousers' },
    ],
    image: '/uploads/sale/festive.svg',
    mobileIamge: '/uploads/sale/festive-mobile.svg',
    ...overrides,
  };
}

export const categories = {
  items: [
    {
      _id: 'c-men',
      name: 'Men',
      gender: 'Men',
      subCategory: [
        { _id: 's-shirts', categoryId: 'c-men', categoryType: 'Formal Shirts', image: '/uploads/subCatrgory/shirts.svg' },
        { _id: 's-stretch', categoryId: 'c-men', categoryType: 'Stretch Pant', image: '/uploads/subCatrgory/stretch.svg' },
      ],
    },
  ],
};
