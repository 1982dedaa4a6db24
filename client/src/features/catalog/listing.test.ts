// @vitest-environment node
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

  const categories = {
    items: [
      { _id: 'c1', name: 'Men', gender: 'Men', subCategory: [{ _id: 's1', categoryType: 'Formal Shirts', image: '' }] },
      { _id: 'c2', name: 'Occasion Wear', gender: 'Women', subCategory: [{ _id: 's2', categoryType: "Women's Blazers", image: '' }] },
    ],
  };

  it('lists a category by its name at /shop/{category}', () => {
    expect(listingFor({ type: 'occasion wear' }, categories)).toMatchObject({
      kind: 'category',
      title: 'Occasion Wear',
      query: { category: 'Occasion Wear' },
    });
  });

  it('lists a sub-category by its name at /shop/{sub-category}, with its banner', () => {
    expect(listingFor({ type: 'formal shirts' }, categories)).toMatchObject({
      kind: 'subcategory',
      title: 'Formal Shirts',
      query: { type: 'Formal Shirts' },
      subCategory: 'Formal Shirts',
    });
    expect(listingFor({ type: "Women's Blazers" }, categories).query).toEqual({ type: "Women's Blazers" });
  });

  it('reads a gender first, even where a category has the same name', () => {
    expect(listingFor({ type: 'Men' }, categories)).toMatchObject({ kind: 'gender', query: { gender: 'Men' } });
  });

  it('waits for the categories before it asks for anything but a gender', () => {
    expect(listingFor({ type: 'Occasion Wear' })).toMatchObject({ pending: true });
    expect(listingFor({ type: 'women' }).pending).toBeUndefined();
  });

  it('asks for an unknown name as a sub-category (the server lists nothing), or when the categories failed', () => {
    expect(listingFor({ type: 'Sarees' }, categories)).toMatchObject({ kind: 'subcategory', title: 'Sarees', query: { type: 'Sarees' } });
    expect(listingFor({ type: 'Occasion Wear' }, null)).toMatchObject({ query: { type: 'Occasion Wear' } });
    expect(listingFor({ type: 'Sarees' }, categories).pending).toBeUndefined();
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
