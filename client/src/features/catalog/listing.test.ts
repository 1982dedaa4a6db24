import { describe, expect, it } from 'vitest';
import { listingFor, productCount } from './listing';

describe('listingFor', () => {
  it('lists everything at /shop', () => {
    expect(listingFor({})).toMatchObject({ kind: 'all', title: 'Shop all', query: {} });
  });

  it('lists a gender at /shop/men and /shop/women', () => {
    expect(listingFor({ type: 'men' })).toMatchObject({ kind: 'gender', title: 'Men', query: { gender: 'Men' } });
    expect(listingFor({ type: 'WOMEN' }).query).toEqual({ gender: 'Women' });
  });

  it('lists best sellers at /products/bestseller', () => {
    expect(listingFor({ subcategory: 'bestseller' })).toMatchObject({ kind: 'bestseller', query: { status: 'BestSeller' } });
  });

  it('lists a sub-category by its name, spaces included', () => {
    expect(listingFor({ subcategory: 'Stretch Pant' })).toMatchObject({
      kind: 'subcategory',
      title: 'Stretch Pant',
      query: { type: 'Stretch Pant' },
      subCategory: 'Stretch Pant',
    });
  });
});

describe('productCount', () => {
  it('says product or products', () => {
    expect(productCount(1)).toBe('1 product');
    expect(productCount(24)).toBe('24 products');
  });
});
