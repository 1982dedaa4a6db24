// The delivery address as a shopper types it (SPEC §3 Address, §5 Address form), shared by the
// account pages and checkout: its fields, an empty one, and the checks the server makes too,
// in the same words, so a shopper hears about a mistake before a round trip.

/** AddressType is what an address is called in the list: its primary, home or work address. */
export type AddressType = 'primary' | 'home' | 'work';

export const addressTypes: readonly AddressType[] = ['primary', 'home', 'work'];

/** AddressInput is what an address form sends (SPEC §3 Address, without the server's fields). */
export interface AddressInput {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
  email: string;
  type: AddressType;
  /** Ten digits, without the +91 the form shows in front. */
  phone: string;
  landmark: string;
  isDefault: boolean;
}

export type AddressField = keyof AddressInput;

/** AddressErrors holds a message for each field that is wrong. */
export type AddressErrors = Partial<Record<AddressField, string>>;

export const addressMessages = {
  pincodeDigits: 'Pincode must contain only numbers',
  pincodeLength: 'Pincode must be 6 digits',
  phoneDigits: 'Phone must be 10 digits',
  phoneMobile: 'Phone must be a mobile number starting with 6, 7, 8 or 9',
  stateUnknown: 'Choose a state or union territory of India',
  emailInvalid: 'Enter a valid email address',
} as const;

const required: Record<Exclude<AddressField, 'landmark' | 'isDefault'>, string> = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  address1: 'House, flat or building is required',
  address2: 'Street and area are required',
  city: 'City is required',
  state: 'Please choose a state',
  pincode: 'Pincode is required',
  email: 'Email is required',
  type: 'Please choose an address type',
  phone: 'Phone is required',
};

/** emptyAddress is a blank home address, with `defaults` filled in. */
export function emptyAddress(defaults: Partial<AddressInput> = {}): AddressInput {
  return {
    firstName: '',
    lastName: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    pincode: '',
    email: '',
    type: 'home',
    phone: '',
    landmark: '',
    isDefault: false,
    ...defaults,
  };
}

/** addressInputOf is the editable fields of a saved address (the server's _id, country and one-line address dropped). */
export function addressInputOf(address: AddressInput): AddressInput {
  const { firstName, lastName, address1, address2, city, state, pincode, email, type, phone, landmark, isDefault } = address;
  return { firstName, lastName, address1, address2, city, state, pincode, email, type, phone, landmark: landmark ?? '', isDefault };
}

/** digitsOnly keeps the digits of `value`, at most `max` of them. */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/**
 * phoneDigits is an Indian mobile number as the form keeps it: the 10 digits after +91. A
 * pasted '+91 98765 43210' or '098765 43210' loses its country code or trunk zero.
 */
export function phoneDigits(value: string): string {
  let digits = digitsOnly(value);
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** isEmail says whether `value` looks like an e-mail address. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/**
 * validateAddress checks SPEC §5's address form: every field but landmark required, a state
 * from `states` (India's list, once loaded), a 6-digit pincode of digits only, a 10-digit mobile
 * number starting with 6 to 9 (shown after +91) and a valid e-mail. No problems: {}.
 */
export function validateAddress(form: AddressInput, states: readonly string[]): AddressErrors {
  const errors: AddressErrors = {};
  for (const [field, message] of Object.entries(required) as [AddressField, string][]) {
    if (!String(form[field] ?? '').trim()) errors[field] = message;
  }
  const pincode = form.pincode.trim();
  if (pincode && !/^\d+$/.test(pincode)) errors.pincode = addressMessages.pincodeDigits;
  else if (pincode && (pincode.length !== 6 || pincode.startsWith('0'))) errors.pincode = addressMessages.pincodeLength;
  const phone = form.phone.trim();
  if (phone && !/^\d{10}$/.test(phone)) errors.phone = addressMessages.phoneDigits;
  else if (phone && !/^[6-9]/.test(phone)) errors.phone = addressMessages.phoneMobile;
  if (form.state && states.length > 0 && !states.includes(form.state)) errors.state = addressMessages.stateUnknown;
  if (form.email.trim() && !isEmail(form.email)) errors.email = addressMessages.emailInvalid;
  if (form.type && !addressTypes.includes(form.type)) errors.type = required.type;
  return errors;
}
