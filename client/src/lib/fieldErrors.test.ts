// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readableErrors, readableMessage } from './fieldErrors';

describe('readableErrors', () => {
  it("starts a message with the field's label, never its API name", () => {
    expect(readableErrors({ productId: 'productId is required', hight: 'hight must be from 0 to 300 cm' }, { productId: 'Product code', hight: 'Height' })).toEqual({
      productId: 'Product code is required',
      hight: 'Height must be from 0 to 300 cm',
    });
  });

  it('keeps messages already in words, and fields without a label', () => {
    expect(readableErrors({ subcategoryId: 'Choose a sub-category', other: 'other is odd' }, { subcategoryId: 'Sub-category' })).toEqual({
      subcategoryId: 'Choose a sub-category',
      other: 'other is odd',
    });
  });
});

describe('readableMessage', () => {
  it("names the field by its label in a form's top message", () => {
    expect(readableMessage('productName must be at most 120 characters', { productName: 'Name' })).toBe('Name must be at most 120 characters');
    expect(readableMessage('The product could not be saved', { productName: 'Name' })).toBe('The product could not be saved');
  });
});
