// The checks of SPEC §5's address form, for checkout's own quick form (the account pages have
// the full one; features never import each other). Same rules and words as the server.
import type { NewAddress } from './types';

export type NewAddressField = keyof NewAddress;
export type NewAddressErrors = Partial<Record<NewAddressField, string>>;

const required: Partial<Record<NewAddressField, string>> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Email is required',
  phone: 'Phone is required',
  address1: 'House, flat or building is required',
  address2: 'Street and area are required',
  city: 'City is required',
  state: 'Please choose a state',
  pincode: 'Pincode is required',
  type: 'Please choose an address type',
};

/** Only digits, at most `max` of them. */
export function digits(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** A pasted '+91 98765 43210' or '098765 43210' keeps the 10 digits after the country code. */
export function phoneDigits(value: string): string {
  let all = value.replace(/\D/g, '');
  if (all.length > 10 && all.startsWith('91')) all = all.slice(2);
  else if (all.length > 10 && all.startsWith('0')) all = all.slice(1);
  return all.slice(0, 10);
}

export function validateNewAddress(form: NewAddress, states: readonly string[]): NewAddressErrors {
  const errors: NewAddressErrors = {};
  for (const [field, message] of Object.entries(required) as [NewAddressField, string][]) {
    if (!String(form[field] ?? '').trim()) errors[field] = message;
  }
  const pincode = form.pincode.trim();
  if (pincode && !/^\d+$/.test(pincode)) errors.pincode = 'Pincode must contain only numbers';
  else if (pincode && !/^[1-9]\d{5}$/.test(pincode)) errors.pincode = 'Pincode must be 6 digits';
  if (form.phone && !/^\d{10}$/.test(form.phone)) errors.phone = 'Phone must be 10 digits';
  else if (form.phone && !/^[6-9]/.test(form.phone)) errors.phone = 'Phone must be a mobile number starting with 6, 7, 8 or 9';
  if (form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) errors.email = 'Enter a valid email address';
  if (form.state && states.length > 0 && !states.includes(form.state)) errors.state = 'Choose a state or union territory of India';
  return errors;
}
