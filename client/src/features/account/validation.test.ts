// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { indianStates } from '../../test/fixtures';
import { emptyAddress } from '../../lib/address';
import type { AddressInput } from './types';
import {
  errorMessage,
  fieldErrors,
  phoneDigits,
  validateAddress,
  validateForgotEmail,
  validateLogin,
  validateNewPassword,
  validateOtp,
  validateRegister,
} from './validation';

const good: AddressInput = emptyAddress({
  firstName: 'Riya',
  lastName: 'Kapoor',
  address1: 'Flat 4B, Lotus Residency',
  address2: 'MI Road',
  city: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302001',
  email: 'riya@example.com',
  type: 'home',
  phone: '9876543210',
});

describe('register (SPEC §5)', () => {
  it('needs a name, an e-mail, a password and its confirmation', () => {
    expect(validateRegister({ name: ' ', email: '', password: '', confirmPassword: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(validateRegister({ name: 'Riya', email: 'riya@example.com', password: 'tailored-1', confirmPassword: 'tailored-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('checks the e-mail and the length the server asks for', () => {
    expect(validateRegister({ name: 'Riya', email: 'riya@', password: 'short', confirmPassword: 'short' })).toEqual({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
    expect(validateRegister({ name: 'Riya', email: 'riya@example.com', password: 'tailored', confirmPassword: 'tailored' })).toEqual({});
  });

  it('login needs an e-mail and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: 'riya@example.com', password: 'x' })).toEqual({});
  });
});

describe('forgot password (SPEC §5)', () => {
  it("asks for the e-mail with 'Please enter your email'", () => {
    expect(validateForgotEmail('  ')).toEqual({ email: 'Please enter your email' });
    expect(validateForgotEmail('riya@example.com')).toEqual({});
  });

  it("asks for the code with 'Enter OTP', six digits", () => {
    expect(validateOtp('')).toEqual({ otp: 'Enter OTP' });
    expect(validateOtp('12345')).toEqual({ otp: 'Enter the 6-digit OTP from the email' });
    expect(validateOtp('123456')).toEqual({});
  });

  it("needs both new password fields, then equal ones", () => {
    expect(validateNewPassword({ newPassword: '', confirmPassword: 'x' })).toEqual({ form: 'Both password fields are required' });
    expect(validateNewPassword({ newPassword: 'x', confirmPassword: '' })).toEqual({ form: 'Both password fields are required' });
    expect(validateNewPassword({ newPassword: 'tailored-1', confirmPassword: 'tailored-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateNewPassword({ newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    expect(validateNewPassword({ newPassword: 'tailored-1', confirmPassword: 'tailored-1' })).toEqual({});
  });
});

describe('address form (SPEC §5)', () => {
  it('accepts a complete address; landmark is optional', () => {
    expect(validateAddress(good, indianStates)).toEqual({});
  });

  it('requires every field but landmark', () => {
    const errors = validateAddress(emptyAddress({ type: '' as never }), indianStates);
    expect(Object.keys(errors).sort()).toEqual(
      ['address1', 'address2', 'city', 'email', 'firstName', 'lastName', 'phone', 'pincode', 'state', 'type'].sort(),
    );
    expect(errors.landmark).toBeUndefined();
  });

  it("keeps the pincode to digits: 'Pincode must contain only numbers', then six of them", () => {
    expect(validateAddress({ ...good, pincode: '30200A' }, indianStates).pincode).toBe('Pincode must contain only numbers');
    expect(validateAddress({ ...good, pincode: '302 001' }, indianStates).pincode).toBe('Pincode must contain only numbers');
    expect(validateAddress({ ...good, pincode: '30200' }, indianStates).pincode).toBe('Pincode must be 6 digits');
    expect(validateAddress({ ...good, pincode: '012345' }, indianStates).pincode).toBe('Pincode must be 6 digits');
  });

  it('wants an Indian mobile number: 10 digits starting with 6 to 9', () => {
    expect(validateAddress({ ...good, phone: '1412222222' }, indianStates).phone).toBe('Phone must be a mobile number starting with 6, 7, 8 or 9');
    expect(validateAddress({ ...good, phone: '5876543210' }, indianStates).phone).toBe('Phone must be a mobile number starting with 6, 7, 8 or 9');
    expect(validateAddress({ ...good, phone: '6000000001' }, indianStates).phone).toBeUndefined();
  });

  it('wants a 10-digit phone', () => {
    expect(validateAddress({ ...good, phone: '98765' }, indianStates).phone).toBe('Phone must be 10 digits');
    expect(validateAddress({ ...good, phone: '98765x3210' }, indianStates).phone).toBe('Phone must be 10 digits');
  });

  it("takes the state from India's list only", () => {
    expect(indianStates).toHaveLength(36);
    expect(validateAddress({ ...good, state: 'Atlantis' }, indianStates).state).toBe('Choose a state or union territory of India');
    expect(validateAddress({ ...good, state: 'Ladakh' }, indianStates)).toEqual({});
  });

  it('checks the e-mail', () => {
    expect(validateAddress({ ...good, email: 'riya.example.com' }, indianStates).email).toBe('Enter a valid email address');
  });

  it('keeps the 10 digits after +91 of a typed or pasted phone', () => {
    expect(phoneDigits('98765 43210')).toBe('9876543210');
    expect(phoneDigits('+91 98765-43210')).toBe('9876543210');
    expect(phoneDigits('098765 43210')).toBe('9876543210');
    expect(phoneDigits('98x76')).toBe('9876');
    expect(phoneDigits('987654321099')).toBe('9876543210');
  });
});

describe('messages of failed calls (SPEC §8)', () => {
  it("prefers the server's message and falls back to 'An error occurred.'", () => {
    expect(errorMessage({ status: 400, message: 'Invalid email or password' })).toBe('Invalid email or password');
    expect(errorMessage({ status: 500, message: '' })).toBe('An error occurred.');
    expect(errorMessage(undefined, 'Google login failed')).toBe('Google login failed');
    expect(fieldErrors({ status: 400, message: 'x', errors: { pincode: 'Pincode must contain only numbers' } })).toEqual({
      pincode: 'Pincode must contain only numbers',
    });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
