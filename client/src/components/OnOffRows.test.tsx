import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../app/renderWithProviders';
import { BackOfficeTable } from './BackOfficeTable';
import { onOffColumns, useToastedChange } from './OnOffRows';

interface Offer {
  id: string;
  name: string;
  on: boolean;
}

const offers: Offer[] = [
  { id: 'a', name: 'FESTIVE10', on: true },
  { id: 'b', name: 'MONSOON5', on: false },
];
const page = { items: offers, page: 1, totalPages: 1 };

/** A list of offers as the coupons and sales screens keep theirs: switching one calls `save`. */
function Offers({ save, onEdit, onDelete }: { save: (offer: Offer) => Promise<Offer>; onEdit: (offer: Offer) => void; onDelete: (offer: Offer) => void }) {
  const change = useToastedChange();
  return (
    <BackOfficeTable
      label="Offers"
      columns={[
        { heading: 'Offer', cell: (offer) => offer.name },
        ...onOffColumns<Offer>({
          name: (offer) => offer.name,
          on: (offer) => offer.on,
          onEdit,
          onSwitch: (offer) => void change(() => save(offer), (saved) => `${saved.name} is ${saved.on ? 'on' : 'off'}`, 'The offer could not be changed'),
          onDelete,
        }),
      ]}
      items={offers}
      itemId={(offer) => offer.id}
      query={{ data: page, isLoading: false, isFetching: false, isError: false, refetch: vi.fn() }}
      messages={{ loading: 'Loading...', empty: 'No offers.', error: 'Offers could not be loaded.' }}
    />
  );
}

function toasts(store: ReturnType<typeof renderWithProviders>['store']) {
  return store.getState().toast.items.map((toast) => `${toast.type}: ${toast.message}`);
}

describe('onOffColumns', () => {
  it('shows each row On or Off with Edit, Switch and Delete named after it', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(<Offers save={vi.fn()} onEdit={onEdit} onDelete={onDelete} />);
    const [on, off] = screen.getAllByRole('row').slice(1);
    expect(within(on!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['FESTIVE10', 'On', 'EditSwitch offDelete']);
    expect(within(off!).getByRole('button', { name: 'Switch MONSOON5 on' })).toHaveTextContent('Switch on');
    await userEvent.click(screen.getByRole('button', { name: 'Edit MONSOON5' }));
    expect(onEdit).toHaveBeenCalledWith(offers[1]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete FESTIVE10' }));
    expect(onDelete).toHaveBeenCalledWith(offers[0]);
  });

  it('toasts what a switch did, or the server’s reason when it failed', async () => {
    const save = vi
      .fn<(offer: Offer) => Promise<Offer>>()
      .mockResolvedValueOnce({ ...offers[0]!, on: false })
      .mockRejectedValueOnce({ message: 'An order used MONSOON5' });
    const { store } = renderWithProviders(<Offers save={save} onEdit={vi.fn()} onDelete={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch FESTIVE10 off' }));
    await waitFor(() => expect(toasts(store)).toEqual(['success: FESTIVE10 is off']));
    await userEvent.click(screen.getByRole('button', { name: 'Switch MONSOON5 on' }));
    await waitFor(() => expect(toasts(store)).toEqual(['success: FESTIVE10 is off', 'error: An order used MONSOON5']));
  });
});
