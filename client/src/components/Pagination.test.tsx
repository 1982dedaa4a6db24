import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../app/renderWithProviders';
import { Pagination } from './Pagination';
import { pageItems } from './pageItems';

const hrefFor = (page: number) => (page === 1 ? '/shop' : `/shop?page=${page}`);

function renderPagination(page: number, totalPages: number) {
  return renderWithProviders(<Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} />, { path: '/shop' });
}

function labels() {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return [...nav.querySelectorAll('li')].map((item) => item.textContent);
}

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows the first, the last and the neighbours of the current page with gaps between', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('keeps fewer buttons on narrow screens', () => {
    expect(pageItems(10, 20, 0)).toEqual([1, 'gap-start', 10, 'gap-end', 20]);
    expect(pageItems(2, 20, 0)).toEqual([1, 2, 3, 'gap-end', 20]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    renderPagination(1, 1);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('disables Prev on the first page and links Next to page 2', () => {
    renderPagination(1, 3);
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/shop?page=2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
  });

  it('disables Next on the last page and links Prev to the one before', () => {
    renderPagination(3, 3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Prev' })).toHaveAttribute('href', '/shop?page=2');
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/shop');
  });

  it('puts ellipses around the current page when there are many', () => {
    renderPagination(6, 12);
    expect(labels()).toEqual(['Prev', '1', '…', '5', '6', '7', '…', '12', 'Next']);
  });

  it('navigates to the page that is clicked', async () => {
    const { location } = renderPagination(1, 3);
    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(location.current?.search).toBe('?page=3');
  });
});
