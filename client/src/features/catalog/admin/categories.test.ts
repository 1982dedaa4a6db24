// @vitest-environment node
// The categories screen's forms: what is checked before sending, and how counts read.
import { describe, expect, it } from 'vitest';
import { categoryBody, checkCategoryForm, checkSubCategoryForm, emptyCategoryForm, emptySubCategoryForm, productCountLabel, type AdminCategory } from './categories';

const men: AdminCategory = {
  _id: 'c1',
  name: 'Men',
  gender: 'Men',
  image: '',
  position: 0,
  products: 3,
  visibleProducts: 2,
  subCategory: [{ _id: 's1', categoryId: 'c1', categoryType: 'Formal Shirts', image: '', position: 0, products: 3, visibleProducts: 2 }],
};

describe('checkCategoryForm', () => {
  it('passes a good form and trims its body', () => {
    expect(checkCategoryForm({ ...emptyCategoryForm, name: 'Kids', gender: 'Unisex' }, [men])).toEqual({});
    expect(categoryBody({ ...emptyCategoryForm, name: ' Kids ', position: '4' })).toEqual({ name: 'Kids', gender: 'Men', image: '', position: 4 });
  });
  it('names each problem', () => {
    expect(checkCategoryForm({ ...emptyCategoryForm, name: ' ' }).name).toBe('Name the category');
    expect(checkCategoryForm({ ...emptyCategoryForm, name: 'x'.repeat(61) }).name).toMatch(/60/);
    expect(checkCategoryForm({ ...emptyCategoryForm, name: 'men' }, [men]).name).toMatch(/already exists/);
    expect(checkCategoryForm({ ...emptyCategoryForm, name: 'men' }, [men], 'c1')).toEqual({});
    expect(checkCategoryForm({ ...emptyCategoryForm, name: 'A', gender: 'Kids' }).gender).toBeTruthy();
    expect(checkCategoryForm({ ...emptyCategoryForm, name: 'A', position: '1.5' }).position).toBeTruthy();
  });
});

describe('checkSubCategoryForm', () => {
  it('checks names shop-wide and the category', () => {
    expect(checkSubCategoryForm({ ...emptySubCategoryForm('c1'), categoryType: 'Blazers' }, [men])).toEqual({});
    expect(checkSubCategoryForm({ ...emptySubCategoryForm('c1'), categoryType: 'formal shirts' }, [men]).categoryType).toMatch(/already exists/);
    expect(checkSubCategoryForm({ ...emptySubCategoryForm('c1'), categoryType: 'Formal Shirts' }, [men], 's1')).toEqual({});
    expect(checkSubCategoryForm({ ...emptySubCategoryForm(''), categoryType: 'Blazers' }).categoryId).toBeTruthy();
    expect(checkSubCategoryForm({ ...emptySubCategoryForm('c1'), categoryType: 'BestSeller' }).categoryType).toMatch(/Best Seller/);
    expect(checkSubCategoryForm(emptySubCategoryForm('c1')).categoryType).toBe('Name the sub-category');
  });
});

describe('productCountLabel', () => {
  it('reads counts', () => {
    expect(productCountLabel(0, 0)).toBe('No products');
    expect(productCountLabel(1, 1)).toBe('1 product');
    expect(productCountLabel(12, 10)).toBe('12 products · 10 shown');
  });
});
