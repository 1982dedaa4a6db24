// Test data shaped like the API's answers. Tests only: the app never ships product data.
import type { Address, User } from '../features/account/types';
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

export function aUser(overrides: Partial<User> = {}): User {
  return {
    _id: '6b02517d414057988754de67',
    email: 'riya@example.com',
    firstName: 'Riya Kapoor',
    lastName: '',
    phone: '',
    federatedId: '',
    photoURL: '',
    role: 'user',
    createdAt: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

export function anAddress(overrides: Partial<Address> = {}): Address {
  return {
    _id: '6b0251aa0000000000000001',
    firstName: 'Riya',
    lastName: 'Kapoor',
    address1: 'Flat 4B, Lotus Residency',
    address2: 'MI Road, C-Scheme',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302001',
    email: 'riya@example.com',
    type: 'home',
    phone: '9876543210',
    landmark: '',
    isDefault: true,
    country: 'India',
    address: 'Flat 4B, Lotus Residency, MI Road, C-Scheme, Jaipur, Rajasthan 302001, India',
    ...overrides,
  };
}

/** India's states and union territories, as GET /api/address/states answers them. */
export const indianStates = [
  'Andaman and Nicobar Islands', 'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chandigarh', 'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu', 'Delhi', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh', 'Jammu and Kashmir',
  'Jharkhand', 'Karnataka', 'Kerala', 'Ladakh', 'Lakshadweep', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya',
  'Mizoram', 'Nagaland', 'Odisha', 'Puducherry', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura',
  'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
];

/** SPEC §3's login response. */
export function aSession(user: User = aUser(), token = 'jwt-session', message = `Welcome ${user.firstName}`) {
  return { code: 200, success: true, message, token, data: user };
}
