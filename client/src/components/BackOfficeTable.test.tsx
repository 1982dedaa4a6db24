import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../app/renderWithProviders';
import { BackOfficeTable, countSummary, type BackOfficeColumn, type BackOfficeQuery, type BackOfficeTableProps } from './BackOfficeTable';

interface Shirt {
  id: string;
  name: string;
  price: number;
}

const shirts: Shirt[] = [
  { id: 'a', name: 'Ivory linen shirt', price: 2399 },
  { id: 'b', name: 'Navy oxford shirt', price: 1899 },
];

const columns: BackOfficeColumn<Shirt>[] = [
  { heading: 'Shirt', cell: (shirt) => shirt.name },
  { heading: 'Price', numeric: true, cell: (shirt) => `₹${shirt.price}` },
  { heading: 'Actions', hideHeading: true, cell: (shirt) => <button type="button">Edit {shirt.name}</button> },
];

const messages = { loading: 'Loading...', empty: 'No shirts match these filters.', error: 'Shirts could not be loaded.' };

interface ShirtPage {
  items: Shirt[];
  total: number;
  page: number;
  totalPages: number;
}

const firstPage: ShirtPage = { items: shirts, total: 2, page: 1, totalPages: 1 };

/** A list query's result as RTK Query gives it: the page loaded, by default. */
function query(state: Partial<BackOfficeQuery<ShirtPage>> = {}): BackOfficeQuery<ShirtPage> {
  return { data: firstPage, isLoading: false, isFetching: false, isError: false, refetch: vi.fn(), ...state };
}

const summary = (page: ShirtPage) => `${page.total} shirts`;
const shirtPages = { label: 'Shirt pages', hrefFor: (page: number) => `/admin/shirts?page=${page}` };

function renderTable(props: Partial<BackOfficeTableProps<Shirt, ShirtPage>> = {}) {
  return renderWithProviders(
    <BackOfficeTable
      label="Shirts"
      columns={columns}
      items={shirts}
      itemId={(shirt) => shirt.id}
      query={query()}
      messages={messages}
      {...props}
    />,
    { path: '/admin/shirts' },
  );
}

/** A list with bulk selection, as a screen keeps it. */
function Selectable({ onSelected }: { onSelected: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <BackOfficeTable
      label="Shirts"
      columns={columns}
      items={shirts}
      itemId={(shirt) => shirt.id}
      query={query()}
      messages={messages}
      selection={{
        selected,
        onChange: (ids) => {
          setSelected(ids);
          onSelected(ids);
        },
        allLabel: 'Select every shirt on this page',
        itemLabel: (shirt) => `Select ${shirt.name}`,
        toolbarLabel: 'Change the selected shirts',
        prompt: 'Select shirts to change them together',
        actions: <button type="button">Hide</button>,
      }}
    />
  );
}

describe('BackOfficeTable', () => {
  it('shows a row a shirt under its headings, the actions heading for screen readers only', () => {
    renderTable({ summary });
    const table = screen.getByRole('table', { name: 'Shirts' });
    expect(within(table).getAllByRole('columnheader').map((heading) => heading.textContent)).toEqual(['Shirt', 'Price', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Ivory linen shirt', '₹2399', 'Edit Ivory linen shirt'],
      ['Navy oxford shirt', '₹1899', 'Edit Navy oxford shirt'],
    ]);
    expect(screen.getByText('2 shirts')).toBeInTheDocument();
  });

  it('says it is loading across the whole width, with no summary and no pages until the first page is in', () => {
    renderTable({ query: query({ data: undefined, isLoading: true, isFetching: true }), items: [], summary, pages: shirtPages });
    expect(screen.getByRole('cell', { name: 'Loading...' })).toHaveAttribute('colspan', '3');
    expect(screen.getByRole('table', { name: 'Shirts' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Updating')).not.toBeInTheDocument();
    expect(screen.queryByText(/shirts$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Shirt pages' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, with nothing to try again', () => {
    renderTable({ query: query({ data: { ...firstPage, items: [], total: 0 } }), items: [] });
    expect(screen.getByRole('cell', { name: 'No shirts match these filters.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says "Updating" while a later load runs, and keeps the rows', () => {
    renderTable({ query: query({ isFetching: true }), summary });
    expect(screen.getByText('Updating')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ivory linen shirt' })).toBeInTheDocument();
  });

  it('says a failed load failed and offers Try again, which loads the page again', async () => {
    const failed = query({ data: undefined, isError: true });
    renderTable({ query: failed, items: [] });
    expect(screen.getByRole('cell', { name: 'Shirts could not be loaded.' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('offers no Try again where the screen turns it off', () => {
    renderTable({ query: query({ data: undefined, isError: true }), items: [], retry: false });
    expect(screen.getByRole('cell', { name: 'Shirts could not be loaded.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('selects rows one by one or the whole page, and the toolbar counts them', async () => {
    const onSelected = vi.fn();
    renderWithProviders(<Selectable onSelected={onSelected} />, { path: '/admin/shirts' });
    const toolbar = screen.getByRole('toolbar', { name: 'Change the selected shirts' });
    expect(toolbar).toHaveTextContent('Select shirts to change them together');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Navy oxford shirt' }));
    expect(onSelected).toHaveBeenLastCalledWith(['b']);
    expect(toolbar).toHaveTextContent('1 selected');
    expect(screen.getByRole('row', { selected: true })).toHaveTextContent('Navy oxford shirt');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every shirt on this page' }));
    expect(onSelected).toHaveBeenLastCalledWith(['a', 'b']);
    expect(toolbar).toHaveTextContent('2 selected');
    expect(screen.getByRole('checkbox', { name: 'Select every shirt on this page' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every shirt on this page' }));
    expect(onSelected).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('row', { selected: true })).not.toBeInTheDocument();
  });

  it('links the pages the query counts', () => {
    renderTable({ query: query({ data: { ...firstPage, total: 30, totalPages: 3 } }), pages: shirtPages });
    const pages = screen.getByRole('navigation', { name: 'Shirt pages' });
    expect(within(pages).getByRole('link', { name: /3/ })).toHaveAttribute('href', '/admin/shirts?page=3');
  });

  it('counts the list in words and names the page', () => {
    const shirtsCount = countSummary({ none: 'No shirts', one: '1 shirt', many: 'shirts' });
    const { rerender } = renderTable({ query: query({ data: { ...firstPage, total: 0, items: [] } }), items: [], summary: shirtsCount });
    expect(screen.getByText('No shirts')).toBeInTheDocument();
    rerender(
      <BackOfficeTable label="Shirts" columns={columns} items={shirts} itemId={(shirt) => shirt.id} messages={messages} query={query({ data: { ...firstPage, total: 1234, page: 2, totalPages: 3 } })} summary={shirtsCount} />,
    );
    expect(screen.getByText('1,234 shirts · page 2 of 3')).toBeInTheDocument();
  });
});
