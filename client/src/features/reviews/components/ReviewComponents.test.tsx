// The product page's reviews (markup shows as typed), the star control by keyboard, and the
// review form keeping what was typed beside the server's field messages.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../../app/renderWithProviders';
import { serve } from '../../../test/serve';
import { ProductReviews } from './ProductReviews';
import { ReviewForm } from './ReviewForm';
import { StarRatingInput } from './StarRatingInput';

afterEach(() => {
  vi.unstubAllGlobals();
});

const productId = '65f0c0ffee0123456789abcd';

describe('ProductReviews', () => {
  it('shows the average and each review, markup as plain text', async () => {
    serve({
      [`/api/products/${productId}/reviews`]: {
        body: envelope({
          productId,
          rating: { average: 4.3, count: 12 },
          items: [
            {
              _id: 'r1',
              rating: 4,
              title: 'Crisp <i>collar</i>',
              text: '<b>bold</b> <img src=x onerror="steal()">',
              author: 'Meera S.',
              verifiedPurchase: true,
              createdAt: '2026-03-03T20:00:00Z',
            },
          ],
          page: 1,
          totalPages: 2,
          total: 12,
        }),
      },
    });
    const { container } = renderWithProviders(<ProductReviews productId={productId} />);
    expect(await screen.findByText('4.3 out of 5 · 12 reviews')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Reviews of this product' });
    expect(within(list).getByText('<b>bold</b> <img src=x onerror="steal()">')).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Crisp <i>collar</i>' })).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(list).getByText('Meera S.')).toBeInTheDocument();
    expect(container.querySelector('b, i, img[src="x"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'More reviews' })).toBeInTheDocument();
  });

  it('says when there are no reviews yet', async () => {
    serve({
      [`/api/products/${productId}/reviews`]: {
        body: envelope({ productId, rating: { average: 0, count: 0 }, items: [], page: 1, totalPages: 0, total: 0 }),
      },
    });
    renderWithProviders(<ProductReviews productId={productId} />);
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
  });
});

function ControlledStars() {
  const [value, setValue] = useState(0);
  return <StarRatingInput value={value} onChange={setValue} />;
}

describe('StarRatingInput', () => {
  it('is a radio group the keyboard can drive', async () => {
    renderWithProviders(<ControlledStars />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(screen.getByRole('radio', { name: '3 stars, Good' }));
    expect(screen.getByRole('radio', { name: '3 stars, Good' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 stars, Very good' })).toHaveFocus();
  });
});

describe('ReviewForm', () => {
  it('shows the server’s messages by their fields and keeps what was typed', async () => {
    serve({
      '/api/user/reviews': {
        status: 400,
        body: { code: 400, success: false, message: 'Please check the form', data: null, errors: { rating: 'Rate the product from 1 to 5 stars' } },
      },
    });
    renderWithProviders(<ReviewForm productId={productId} productName="Ivory Oxford Shirt" />);
    const form = screen.getByRole('form', { name: 'Review Ivory Oxford Shirt' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Crisp');
    await userEvent.type(within(form).getByLabelText('Your review'), 'Sits well.');
    await userEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Rate the product from 1 to 5 stars')).toBeInTheDocument();
    expect(within(form).getByLabelText('Title')).toHaveValue('Crisp');
    expect(within(form).getByLabelText('Your review')).toHaveValue('Sits well.');
    expect(within(form).getByRole('button', { name: 'Post review' })).toBeEnabled();
  });
});
