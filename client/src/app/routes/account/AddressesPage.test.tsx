import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../renderWithProviders';
import { ToastViewport } from '../../../features/ui/components/ToastViewport';
import { anAddress, aUser, indianStates } from '../../../test/fixtures';
import { AddressesPage } from './AddressesPage';

type Handler = (request: Request) => { status?: number; body: unknown } | undefined;

/** A small fake of the address endpoints: the list lives in `saved`. */
function fakeAddressApi(saved: ReturnType<typeof anAddress>[], onAdd?: Handler) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json();
    calls.push({ method: request.method, path, body });
    let answer: { status?: number; body: unknown } | undefined;
    if (path === '/api/address/states') answer = { body: envelope(indianStates) };
    else if (path === '/api/getAddress') answer = { body: envelope(saved) };
    else if (path === '/api/addAddress') {
      answer = onAdd?.(request);
      if (!answer) {
        saved.push(anAddress({ ...(body as object), _id: 'new-address' }));
        answer = { body: envelope(saved.at(-1), 200, 'Address added successfully') };
      }
    } else if (path.startsWith('/api/deleteAddress/')) {
      saved.splice(0, saved.length, ...saved.filter((address) => !path.endsWith(address._id)));
      answer = { body: envelope(null, 200, 'Address deleted') };
    } else if (path.startsWith('/api/updateAddress/')) {
      answer = { body: envelope(body, 200, 'Address updated successfully') };
    }
    const { status = 200, body: json } = answer ?? { status: 404, body: envelope(null, 404, 'Not found') };
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

function renderPage() {
  return renderWithProviders(
    <>
      <AddressesPage />
      <ToastViewport />
    </>,
  );
}

async function fillTheRest() {
  await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '9876543210');
  await userEvent.type(screen.getByLabelText('House, flat or building'), 'Flat 4B');
  await userEvent.type(screen.getByLabelText('Street and area'), 'MI Road');
  await userEvent.type(screen.getByLabelText('City'), 'Jaipur');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Rajasthan');
  await userEvent.type(screen.getByLabelText('Pincode'), '302001');
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  window.localStorage.setItem('token', 'jwt');
  window.localStorage.setItem('user', JSON.stringify(aUser()));
});

describe('addresses page', () => {
  it('adds the first address, filled from the account, and lists it', async () => {
    const calls = fakeAddressApi([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No saved addresses yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a new address' }));
    expect(screen.getByLabelText('First name')).toHaveValue('Riya');
    expect(screen.getByLabelText('Last name')).toHaveValue('Kapoor');
    expect(screen.getByLabelText('Email')).toHaveValue('riya@example.com');
    expect(screen.getByRole('checkbox', { name: 'Make this my default address' })).toBeChecked();
    await fillTheRest();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address added successfully')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    expect(within(list).getByText(/Flat 4B/)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/addAddress')?.body).toMatchObject({ phone: '9876543210', state: 'Rajasthan' });
  });

  it("says the address was not saved when the server refuses it (never 'Address added successfully')", async () => {
    fakeAddressApi([], () => ({
      status: 400,
      body: { code: 400, success: false, message: 'Pincode must be 6 digits', data: null, errors: { pincode: 'Pincode must be 6 digits' } },
    }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a new address' }));
    await fillTheRest();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const form = screen.getByRole('form', { name: 'Add a new address' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Pincode must be 6 digits');
    expect(screen.getByLabelText('Pincode')).toHaveAccessibleDescription('Pincode must be 6 digits');
    expect(screen.queryByText('Address added successfully')).not.toBeInTheDocument();
  });

  it('deletes an address after asking', async () => {
    fakeAddressApi([anAddress()]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    expect(within(list).getByText('Default')).toBeInTheDocument();
    expect(within(list).getByText('+91 9876543210')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /^Delete address/ }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    expect(await screen.findByText('Address deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No saved addresses yet' })).toBeInTheDocument());
  });

  it('makes another address the default with its own fields', async () => {
    const calls = fakeAddressApi([anAddress(), anAddress({ _id: 'work-one', type: 'work', isDefault: false, city: 'Pune', state: 'Maharashtra' })]);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    await userEvent.click(within(list).getByRole('button', { name: 'Set as default' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/updateAddress/work-one')).toBe(true));
    const update = calls.find((call) => call.path === '/api/updateAddress/work-one')!;
    expect(update.body).toMatchObject({ city: 'Pune', state: 'Maharashtra', type: 'work', isDefault: true });
    expect(update.body).not.toHaveProperty('_id');
  });
});
