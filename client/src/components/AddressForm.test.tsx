import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../app/renderWithProviders';
import { emptyAddress, type AddressInput } from '../lib/address';
import { indianStates } from '../test/fixtures';
import { AddressForm } from './AddressForm';

function renderForm(onSave = vi.fn<(input: AddressInput) => Promise<unknown>>().mockResolvedValue(undefined), initial = emptyAddress()) {
  renderWithProviders(<AddressForm title="Add a new address" initial={initial} states={indianStates} onSave={onSave} />);
  return { onSave, form: screen.getByRole('form', { name: 'Add a new address' }) };
}

async function fillGoodAddress() {
  await userEvent.type(screen.getByLabelText('First name'), 'Riya');
  await userEvent.type(screen.getByLabelText('Last name'), 'Kapoor');
  await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
  await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '9876543210');
  await userEvent.type(screen.getByLabelText('House, flat or building'), 'Flat 4B, Lotus Residency');
  await userEvent.type(screen.getByLabelText('Street and area'), 'MI Road');
  await userEvent.type(screen.getByLabelText('City'), 'Jaipur');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Rajasthan');
  await userEvent.type(screen.getByLabelText('Pincode'), '302001');
}

describe('address form', () => {
  it("offers India's states and union territories, and shows +91 before the phone", () => {
    renderForm();
    const state = screen.getByRole('combobox', { name: 'State' });
    expect(within(state).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a state', ...indianStates]);
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(screen.getByText('+91')).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription(/\+91/);
    expect(screen.getByLabelText('Landmark (optional)')).toBeInTheDocument();
  });

  it('names every missing required field and saves nothing', async () => {
    const { onSave, form } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'House, flat or building is required',
      'Street and area are required',
      'City is required',
      'Please choose a state',
      'Pincode is required',
    ]) {
      expect(within(form).getByText(message)).toBeInTheDocument();
    }
    expect(within(form).getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
  });

  it("keeps the pincode to digits ('Pincode must contain only numbers') and the phone to 10 digits", async () => {
    const { onSave } = renderForm();
    await fillGoodAddress();
    await userEvent.clear(screen.getByLabelText('Pincode'));
    await userEvent.type(screen.getByLabelText('Pincode'), '30200A');
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(phone);
    await userEvent.type(phone, '98-76x5');
    expect(phone).toHaveValue('98765');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(screen.getByText('Pincode must contain only numbers')).toBeInTheDocument();
    expect(screen.getByText('Phone must be 10 digits')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a complete address with the digits of the phone and the chosen type', async () => {
    const { onSave } = renderForm();
    await fillGoodAddress();
    await userEvent.click(screen.getByRole('radio', { name: 'Work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      firstName: 'Riya',
      lastName: 'Kapoor',
      address1: 'Flat 4B, Lotus Residency',
      address2: 'MI Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      pincode: '302001',
      email: 'riya@example.com',
      type: 'work',
      phone: '9876543210',
      landmark: '',
      isDefault: false,
    });
  });

  it("puts the server's field messages beside the fields and says the save failed", async () => {
    const onSave = vi.fn().mockRejectedValue({
      status: 400,
      message: 'Pincode must be 6 digits',
      errors: { pincode: 'Pincode must be 6 digits', city: 'city is too long' },
    });
    renderForm(onSave);
    await fillGoodAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pincode must be 6 digits');
    expect(screen.getByLabelText('Pincode')).toHaveAccessibleDescription('Pincode must be 6 digits');
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('city is too long');
    expect(screen.queryByText('Address added successfully')).not.toBeInTheDocument();
  });
});
