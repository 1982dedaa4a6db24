import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../app/renderWithProviders';
import { aProduct } from '../../../test/fixtures';
import { ProductCard } from './ProductCard';

function card() {
  return screen.getByTestId('product-card');
}

describe('ProductCard', () => {
  it('shows the name, colour, price and links to the product page', () => {
    const product = aProduct({ _id: 'p1', productName: 'Navy Oxford Shirt', colour: 'Navy' });
    renderWithProviders(<ProductCard product={product} />);
    expect(screen.getByRole('heading', { name: 'Navy Oxford Shirt' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Navy Oxford Shirt' })).toHaveAttribute('href', '/api/getproduct/p1');
    expect(card()).toHaveTextContent('Navy');
    expect(card()).toHaveTextContent('₹1,439');
  });

  it('links to the readable product page, /product/{slug}, when the product has one', () => {
    renderWithProviders(<ProductCard product={aProduct({ _id: 'p1', slug: 'navy-oxford-shirt-0001', productName: 'Navy Oxford Shirt' })} />);
    expect(screen.getByRole('link', { name: 'Navy Oxford Shirt' })).toHaveAttribute('href', '/product/navy-oxford-shirt-0001');
  });

  it('carries the size a listing is filtered by into its link (?size=)', () => {
    renderWithProviders(
      <ProductCard product={aProduct({ _id: 'p1', slug: 'navy-oxford-shirt-0001', productName: 'Navy Oxford Shirt' })} size="M" />,
    );
    expect(screen.getByRole('link', { name: 'Navy Oxford Shirt' })).toHaveAttribute('href', '/product/navy-oxford-shirt-0001?size=M');
  });

  it('strikes through the list price and shows the percent off only when the shopper pays less', () => {
    renderWithProviders(<ProductCard product={aProduct({ price: 1599, discountedPrice: 1151 })} />);
    const listPrice = screen.getByText('₹1,599');
    expect(listPrice.closest('del')).not.toBeNull();
    expect(card()).toHaveTextContent('₹1,151');
    expect(screen.getByText('28% off')).toBeInTheDocument();
  });

  it('shows a single price without a badge when there is no reduction', () => {
    const { container } = renderWithProviders(
      <ProductCard product={aProduct({ price: 1599, discount: 0, discountedPrice: 1599 })} />,
    );
    expect(container.querySelector('del')).toBeNull();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    expect(screen.getAllByText('₹1,599')).toHaveLength(1);
  });

  it('cuts the description at 60 characters', () => {
    const description = 'Tailored in a breathable cotton twill with a hint of stretch for all-day comfort.';
    renderWithProviders(<ProductCard product={aProduct({ basicProductDescription: description })} />);
    const shown = within(card()).getByText(/^Tailored/);
    expect(shown.textContent).toBe(`${description.slice(0, 60).trimEnd()}…`);
    expect(shown.textContent!.replace('…', '').length).toBeLessThanOrEqual(60);
  });

  it('greys the picture and says Out of Stock when nothing is left', () => {
    renderWithProviders(<ProductCard product={aProduct({ totalStock: 0 })} />);
    expect(within(card()).getByText('Out of Stock')).toBeInTheDocument();
    expect(card()).toHaveAttribute('data-sold-out', 'true');
  });

  it('does not say Out of Stock while something is left', () => {
    renderWithProviders(<ProductCard product={aProduct({ totalStock: 3 })} />);
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
    expect(card()).not.toHaveAttribute('data-sold-out');
  });

  it("names the product's sale", () => {
    renderWithProviders(
      <ProductCard product={aProduct({ sale: [{ _id: 's1', saleName: 'Festive Formals', discount: 20 }] })} />,
    );
    expect(within(card()).getByText('Festive Formals')).toBeInTheDocument();
  });

  it('opens quick view from its button', async () => {
    const onQuickView = vi.fn();
    const product = aProduct({ productName: 'Charcoal Trouser' });
    renderWithProviders(<ProductCard product={product} onQuickView={onQuickView} />);
    await userEvent.click(screen.getByRole('button', { name: 'Quick view: Charcoal Trouser' }));
    expect(onQuickView).toHaveBeenCalledWith(product, expect.any(HTMLButtonElement));
  });

  it('shows two decimals when asked (the sale page)', () => {
    renderWithProviders(<ProductCard product={aProduct({ price: 1599, discountedPrice: 1151 })} paise />);
    expect(card()).toHaveTextContent('₹1,151.00');
    expect(screen.getByText('₹1,599.00').closest('del')).not.toBeNull();
  });
});
