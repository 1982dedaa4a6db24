// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkProductForm, emptyProductForm, previewPrice, productBody, productToForm } from './editor';

const filled = {
  ...emptyProductForm,
  productId: 'JF-MSH-9001',
  productName: 'Ivory Oxford Shirt',
  subcategoryId: 'a'.repeat(24),
  price: '2499',
  discount: '20',
  sizes: [
    { size: 'M', stock: '8' },
    { size: 'L', stock: '0' },
  ],
  images: ['/uploads/products/a.jpg', '/uploads/products/b.jpg'],
};

describe('the product editor', () => {
  it('checks what the server would refuse', () => {
    expect(checkProductForm(emptyProductForm)).toMatchObject({
      productId: 'productId is required',
      productName: 'productName is required',
      subcategoryId: 'Choose a sub-category',
      price: 'price must be more than 0, in rupees',
      sizes: 'Keep at least one size',
    });
    expect(checkProductForm(filled)).toEqual({});
    expect(checkProductForm({ ...filled, sizes: [{ size: 'M', stock: '2' }, { size: 'm', stock: '1' }] }).sizes).toBe('A size is listed twice');
    expect(checkProductForm({ ...filled, sizes: [{ size: 'M', stock: '-1' }] }).sizes).toBe('Stock must be a whole number from 0');
  });

  it('sends the first image as the thumbnail and stock as numbers', () => {
    const body = productBody(filled);
    expect(body).toMatchObject({ thumbnail: '/uploads/products/a.jpg', images: ['/uploads/products/b.jpg'], price: 2499, discount: 20 });
    expect(body.sizes).toEqual([
      { size: 'M', stock: 8 },
      { size: 'L', stock: 0 },
    ]);
  });

  it('keeps the counts it was opened with, for the server’s stale check', () => {
    const form = productToForm({
      _id: 'p',
      productId: 'JF-1',
      productName: 'Shirt',
      gender: 'Men',
      subcategoryId: 's',
      price: 1999,
      discount: 10,
      colour: '',
      size: 'Slim',
      basicProductDescription: '',
      returnDescription: '',
      length: 0,
      width: 0,
      hight: 0,
      weight: 400,
      thumbnail: '/t.jpg',
      images: ['/t.jpg', '/u.jpg'],
      sizeChart: '',
      sizes: [{ size: 'M', stock: 5 }],
      status: 'BestSeller',
      active: true,
    });
    expect(form.images).toEqual(['/t.jpg', '/u.jpg']);
    expect(productBody(form).sizes).toEqual([{ size: 'M', stock: 5, was: 5 }]);
    expect(form.bestSeller).toBe(true);
  });

  it('checks the HSN code and sends it only when the admin changed it', () => {
    expect(checkProductForm({ ...filled, hsn: '620' }).hsn).toBe('HSN code must be 4, 6 or 8 digits');
    expect(checkProductForm({ ...filled, hsn: '62052000' })).toEqual({});
    expect('hsn' in productBody(filled)).toBe(false);
    expect(productBody({ ...filled, hsn: ' 6205 ' }).hsn).toBe('6205');
    const opened = { ...filled, hsn: '6205', hsnWas: '6205' };
    expect('hsn' in productBody(opened)).toBe(false);
    expect(productBody({ ...opened, hsn: '620520' }).hsn).toBe('620520');
    expect(productBody({ ...opened, hsn: '' }).hsn).toBe('');
  });

  it('previews the price as the server rounds it', () => {
    expect(previewPrice(2499, 20)).toBe(1999);
    expect(previewPrice(999.5, 0)).toBe(999.5);
    expect(previewPrice(1499, 15)).toBe(1274);
  });
});
