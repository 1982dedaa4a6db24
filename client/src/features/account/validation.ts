// Client-side checks of SPEC §5, with the same rules and words the server uses, so a shopper
// hears about a mistake before a round trip. The server checks everything again.
import { addressMessages, isEmail } from '../../lib/address';
import type { FieldErrors } from './types';

export { digitsOnly, isEmail, phoneDigits, validateAddress, type AddressField } from '../../lib/address';

export const messages = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: addressMessages.emailInvalid,
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  forgotEmailRequired: 'Please enter your email',
  otpRequired: 'Enter OTP',
  otpInvalid: 'Enter the 6-digit OTP from the email',
  bothPasswordsRequired: 'Both password fields are required',
  pincodeDigits: addressMessages.pincodeDigits,
  pincodeLength: addressMessages.pincodeLength,
  phoneDigits: addressMessages.phoneDigits,
  phoneMobile: addressMessages.phoneMobile,
  stateUnknown: addressMessages.stateUnknown,
  userMissing: 'User ID missing. Please login again.',
  fallback: 'An error occurred.',
} as const;

export const passwordMinLength = 8;

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
