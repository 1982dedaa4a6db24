// Client-side checks of SPEC §5, with the same rules and words the server uses, so a shopper
// hears about a mistake before a round trip. The server checks everything again.
import { addressTypes, type AddressInput, type FieldErrors } from './types';

export const messages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  forgotEmailRequired: 'Please enter your email',
  otpRequired: 'Enter OTP',
  otpInvalid: 'Enter the 6-digit OTP from the email',
  bothPasswordsRequired: 'Both password fields are required',
  pincodeDigits: 'Pincode must contain only numbers',
  pincodeLength: 'Pincode must be 6 digits',
  phoneDigits: 'Phone must be 10 digits',
  phoneMobile: 'Phone must be a mobile number starting with 6, 7, 8 or 9',
  stateUnknown: 'Choose a state or union territory of India',
  userMissing: 'User ID missing. Please login again.',
  fallback: 'An error occurred.',
} as const;

export const passwordMinLength = 8;

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** Only the digits of what was typed or pasted (phone and pincode fields keep nothing else). */
export function digitsOnly(value: string, max?: number): string {
  const digits = value.replace(/\D/g, '');
  return max === undefined ? digits : digits.slice(0, max);
}

/**
 * An Indian mobile number as the form keeps it: the 10 digits after +91. A pasted
 * '+91 98765 43210' or '098765 43210' loses its country code or trunk zero.
 */
export function phoneDigits(value: string): string {
  let digits = digitsOnly(value);
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

/** Drops empty entries: a form with no problems gives {}. */
function found<K extends string>(errors: Record<K, string | false | undefined>): FieldErrors<K> {
  const result: FieldErrors<K> = {};
  for (const key of Object.keys(errors) as K[]) {
    const message = errors[key];
    if (typeof message === 'string' && message) result[key] = message;
  }
  return result;
}

function emailProblem(email: string, required: string = messages.emailRequired): string | undefined {
  if (!email.trim()) return required;
  if (!isEmail(email)) return messages.emailInvalid;
  return undefined;
}

function newPasswordProblem(password: string): string | undefined {
  if (!password) return messages.passwordRequired;
  if (password.length < passwordMinLength) return messages.passwordShort;
  return undefined;
}

export function validateLogin(form: { email: string; password: string }) {
  return found({
    email: emailProblem(form.email),
    password: !form.password && messages.passwordRequired,
  });
}

/** SPEC §5 Register: name, email and password required; the confirmation given and equal. */
export function validateRegister(form: { name: string; email: string; password: string; confirmPassword: string }) {
  return found({
    name: !form.name.trim() && messages.nameRequired,
    email: emailProblem(form.email),
    password: newPasswordProblem(form.password),
    confirmPassword: !form.confirmPassword
      ? messages.confirmRequired
      : form.password !== form.confirmPassword && messages.mismatch,
  });
}

/** SPEC §5 Forgot password, step one: 'Please enter your email'. */
export function validateForgotEmail(email: string) {
  return found({ email: emailProblem(email, messages.forgotEmailRequired) });
}

/** Step two: 'Enter OTP'. */
export function validateOtp(otp: string) {
  const code = otp.trim();
  return found({ otp: !code ? messages.otpRequired : !/^\d{6}$/.test(code) && messages.otpInvalid });
}

/** Step three: 'Both password fields are required', then 'Passwords do not match'. */
export function validateNewPassword(form: { newPassword: string; confirmPassword: string }): FieldErrors<
  'form' | 'newPassword' | 'confirmPassword'
> {
  if (!form.newPassword || !form.confirmPassword) return { form: messages.bothPasswordsRequired };
  if (form.newPassword !== form.confirmPassword) return { confirmPassword: messages.mismatch };
  return found({ newPassword: newPasswordProblem(form.newPassword) });
}

/**
 * A password change (the shop's account details, the back office's Update password): the
 * current password unless `currentOptional` (an account that never set one), both new fields,
 * 8 characters at least, and matching.
 */
export function validatePasswordChange(
  form: { currentPassword: string; newPassword: string; confirmPassword: string },
  currentOptional = false,
): FieldErrors<'currentPassword' | 'newPassword' | 'confirmPassword'> {
  const problems: FieldErrors<'currentPassword' | 'newPassword' | 'confirmPassword'> = {};
  if (!currentOptional && !form.currentPassword) problems.currentPassword = messages.passwordRequired;
  if (!form.newPassword || !form.confirmPassword) {
    if (!form.newPassword) problems.newPassword = messages.bothPasswordsRequired;
    if (!form.confirmPassword) problems.confirmPassword = messages.bothPasswordsRequired;
  } else if (form.newPassword.length < passwordMinLength) problems.newPassword = messages.passwordShort;
  else if (form.newPassword !== form.confirmPassword) problems.confirmPassword = messages.mismatch;
  return problems;
}

const requiredAddressFields = {
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
} as const;

export type AddressField = keyof AddressInput;

/**
 * SPEC §5 Address form: every field but landmark required, a state from the fixed list, a
 * 6-digit pincode of digits only, a 10-digit mobile number starting with 6 to 9 (shown after +91) and a valid e-mail.
 */
export function validateAddress(form: AddressInput, states: readonly string[]): FieldErrors<AddressField> {
  const errors: FieldErrors<AddressField> = {};
  for (const [field, message] of Object.entries(requiredAddressFields) as [AddressField, string][]) {
    if (!String(form[field] ?? '').trim()) errors[field] = message;
  }
  const pincode = form.pincode.trim();
  if (pincode && !/^\d+$/.test(pincode)) errors.pincode = messages.pincodeDigits;
  else if (pincode && (pincode.length !== 6 || pincode.startsWith('0'))) errors.pincode = messages.pincodeLength;
  const phone = form.phone.trim();
  if (phone && !/^\d{10}$/.test(phone)) errors.phone = messages.phoneDigits;
  else if (phone && !/^[6-9]/.test(phone)) errors.phone = messages.phoneMobile;
  if (form.state && states.length > 0 && !states.includes(form.state)) errors.state = messages.stateUnknown;
  if (form.email.trim() && !isEmail(form.email)) errors.email = messages.emailInvalid;
  if (form.type && !addressTypes.includes(form.type)) errors.type = requiredAddressFields.type;
  return errors;
}

/** The message of a failed call: the server's when it gave one (SPEC §8), else 'An error occurred.'. */
export function errorMessage(error: unknown, fallback: string = messages.fallback): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

/** The server's per-field messages of a failed call (the envelope's `errors`). */
export function fieldErrors(error: unknown): Record<string, string> {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
