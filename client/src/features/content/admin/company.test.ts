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

  it('reads the GST settings and asks a registered shop for all of them, the GSTIN in shape', () => {
    const details = toCompanyDetails({ companyName: 'Jaipur Formals', gstRegistered: true, gstin: '08AAACJ4321K1ZO', state: 'Rajasthan' });
    expect(details).toMatchObject({ gstRegistered: true, gstin: '08AAACJ4321K1ZO', legalName: '', invoicePrefix: '' });
    expect(checkCompany(details)).toEqual({
      legalName: 'Legal name is required for a GST-registered shop',
      invoicePrefix: 'Invoice prefix is required for a GST-registered shop',
    });
    expect(checkCompany({ ...details, gstin: '08AAACJ4321K1Z', legalName: 'Jaipur Formals Pvt Ltd', invoicePrefix: 'jf/1', state: 'Rajputana' })).toEqual({
      gstin: 'A GSTIN is 15 characters: state code, PAN, entity number, Z and a check character',
      invoicePrefix: 'Invoice prefix must be 1 to 3 capital letters or digits',
      state: 'Choose the state of the registered address',
    });
    // A wrong check character has the right shape: the server finds it.
    expect(checkCompany({ ...details, gstin: '08aaacj4321k1zp ', legalName: 'Jaipur Formals Pvt Ltd', invoicePrefix: 'jf' })).toEqual({});
    expect(checkCompany({ ...toCompanyDetails({ companyName: 'Jaipur Formals' }) })).toEqual({});
  });
});
