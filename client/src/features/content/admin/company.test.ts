import { describe, expect, it } from 'vitest';
import { checkCompany, toCompanyDetails } from './company';

describe('the company form', () => {
  it('keeps the known fields and fills the rest with nothing', () => {
    const details = toCompanyDetails({ companyName: 'Jaipur Formals', city: 'Jaipur', address: 'joined by the server' } as never);
    expect(details.companyName).toBe('Jaipur Formals');
    expect(details.zip).toBe('');
    expect('address' in details).toBe(false);
  });

  it('checks the name, PIN code and e-mail', () => {
    expect(checkCompany({ ...toCompanyDetails({}), zip: '5600', email: 'care@' })).toEqual({
      companyName: 'Company name is required',
      zip: 'Zip must be a 6-digit PIN code',
      email: 'Enter a valid email address',
    });
  });
});
