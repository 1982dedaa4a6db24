import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from './renderWithProviders';
import { ContactPage } from './routes/ContactPage';
import { Footer } from './shell/Footer';

// The company record as GET /api/company answers it, in the page as the server puts it there.
const jaipurFormals = {
  companyName: 'Jaipur Formals',
  tagline: '',
  description: '',
  addressLine1: '14 MI Road',
  addressLine2: 'C-Scheme',
  address: '14 MI Road, C-Scheme, Jaipur, Rajasthan, 302001',
  city: 'Jaipur',
  state: 'Rajasthan',
  zip: '302001',
  contact1: '+91 141 400 2024',
  contact2: '',
  email: 'care@jaipurformals.in',
  vendorId: '',
};

function pageWithCompany(company: object | string) {
  const meta = document.createElement('meta');
  meta.name = 'drape-company';
  meta.content = typeof company === 'string' ? company : JSON.stringify(company);
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="drape-company"]').forEach((meta) => meta.remove());
});

describe('the company an admin keeps', () => {
  it('is the footer’s contact: its e-mail, phone and place, and the manufacturer line', () => {
    pageWithCompany({ ...jaipurFormals, companyName: 'Jaipur Formals Pvt Ltd', state: 'Rajasthan' });
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const contact = within(footer).getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'care@jaipurformals.in' })).toHaveAttribute('href', 'mailto:care@jaipurformals.in');
    expect(within(contact).getByRole('link', { name: '+91 141 400 2024' })).toHaveAttribute('href', 'tel:+911414002024');
    expect(contact).toHaveTextContent('Jaipur Formals Pvt LtdJaipur 302001, Rajasthan, India');
    expect(footer).toHaveTextContent('Manufactured and marketed by Jaipur Formals Pvt Ltd, Rajasthan, India');
    expect(footer).not.toHaveTextContent('support@drape.in');
  });

  it('is on the contact page, street address and all', () => {
    pageWithCompany(jaipurFormals);
    renderWithProviders(<ContactPage />);
    expect(screen.getByRole('link', { name: 'care@jaipurformals.in' })).toHaveAttribute('href', 'mailto:care@jaipurformals.in');
    expect(screen.getByRole('link', { name: '+91 141 400 2024' })).toHaveAttribute('href', 'tel:+911414002024');
    expect(screen.getByRole('heading', { name: 'Our address' }).parentElement).toHaveTextContent(
      'Jaipur Formals14 MI Road, C-SchemeJaipur 302001, RajasthanIndia',
    );
    expect(document.body).not.toHaveTextContent('support@drape.in');
  });

  it('leaves out what the record does not have', () => {
    pageWithCompany({ ...jaipurFormals, contact1: '', email: '' });
    renderWithProviders(<Footer />);
    const contact = within(screen.getByRole('contentinfo')).getByRole('region', { name: 'Contact' });
    expect(within(contact).queryAllByRole('link')).toEqual([]);
  });

  it('shows no made-up contact when no company is set up (or the page\'s is not JSON)', () => {
    pageWithCompany('{not json');
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('Manufactured and marketed by Jaipur Formals, India');
    expect(within(within(footer).getByRole('region', { name: 'Contact' })).queryAllByRole('link')).toEqual([]);
  });
});
