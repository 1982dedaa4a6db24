// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkSaleForm, emptySaleForm, saleBody, saleReach, saleToForm } from './form';

describe('the sale form', () => {
  it('asks for a name and a discount of 1 to 90 percent', () => {
    expect(checkSaleForm(emptySaleForm)).toEqual({ saleName: 'Name the sale', discount: 'Discount must be 1 to 90 percent' });
    expect(checkSaleForm({ ...emptySaleForm, saleName: 'Diwali', discount: '95' })).toEqual({ discount: 'Discount must be 1 to 90 percent' });
    expect(checkSaleForm({ ...emptySaleForm, saleName: 'Diwali', discount: '20' })).toEqual({});
  });

  it('sends All for every category and drops sub-categories then', () => {
    const form = { ...emptySaleForm, saleName: ' Diwali ', discount: '20', subCategoryIds: ['s1'], active: true };
    expect(saleBody(form)).toEqual({
      saleName: 'Diwali',
      discountPercentage: 20,
      gender: 'All',
      category: 'All',
      subCategories: [],
      image: '',
      mobileIamge: '',
      saleStatus: true,
    });
    expect(saleBody({ ...form, categoryId: 'c1' }).subCategories).toEqual(['s1']);
  });

  it('reads a sale back and says whom it reaches', () => {
    const sale = {
      _id: 'x',
      saleName: 'Shirt week',
      discount: 15,
      saleStatus: false,
      gender: 'Women',
      category: 'Shirts',
      categoryId: 'c1',
      subCategories: [{ _id: 's1', categoryType: 'Formal Shirts' }],
      image: '/uploads/sale/a.jpg',
      mobileIamge: '',
    };
    expect(saleToForm(sale)).toMatchObject({ discount: '15', categoryId: 'c1', subCategoryIds: ['s1'], active: false });
    expect(saleReach(sale)).toBe('Women · Shirts: Formal Shirts');
    expect(saleReach({ gender: 'All', category: 'All', subCategories: [] })).toBe('Everything');
    expect(saleReach({ gender: 'Men', category: 'Men', subCategories: [{ _id: 's', categoryType: 'Formal Shirts' }] })).toBe('Men: Formal Shirts');
  });
});
