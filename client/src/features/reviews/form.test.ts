// @vitest-environment node
// A refused review save: messages by field, and for the form when no field is named.
import { describe, expect, it } from 'vitest';
import { reviewFormProblems } from './form';

describe('reviewFormProblems', () => {
  it('puts the server’s messages by their fields', () => {
    expect(
      reviewFormProblems({
        status: 400,
        message: 'Please check the form',
        errors: { rating: 'Rate the product from 1 to 5 stars', text: 'Write a few words about the product' },
      }),
    ).toEqual({ fields: { rating: 'Rate the product from 1 to 5 stars', text: 'Write a few words about the product' }, message: '' });
  });

  it('says for the form what no field carries', () => {
    expect(reviewFormProblems({ status: 409, message: 'You can review this product once your order has been delivered' })).toEqual({
      fields: {},
      message: 'You can review this product once your order has been delivered',
    });
    expect(reviewFormProblems({ status: 400, message: 'x', errors: { productId: 'Which product? Send its productId' } })).toEqual({
      fields: {},
      message: 'Which product? Send its productId',
    });
    expect(reviewFormProblems(undefined).message).toBe('Your review could not be saved. Please try again.');
  });
});
