import type { ReactNode } from 'react';
import { Link } from '../../components/Link';
import { PageContainer } from '../../components/PageContainer';
import { PageIntro } from '../../components/PageIntro';
import { brand } from '../../lib/brand';
import { formatRupees } from '../../lib/money';
import { paths } from '../../lib/paths';
import { pageFees, shipsFree } from '../../lib/shippingTerms';
import { pageCompany, phoneHref } from '../company';
import styles from './ShippingPolicyPage.module.css';

// The company an admin keeps, read once: the page carries it from its load.
const company = pageCompany();
const email = <a href={`mailto:${company.email}`}>{company.email}</a>;

const sections: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'locations',
    title: 'Shipping locations',
    body: (
      <p>
        We currently ship to addresses within India only. For international orders, please e-mail us at {email} with
        your enquiry and we will let you know what we can do.
      </p>
    ),
  },
  {
    id: 'processing',
    title: 'Order processing time',
    body: (
      <p>
        Orders are processed within 1–2 business days of being placed. Business days exclude Sundays and public
        holidays.
      </p>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery time',
    body: <p>Once dispatched, orders are usually delivered within 3–7 business days, depending on your location.</p>,
  },
  {
    id: 'charges',
    title: 'Shipping charges',
    body: <ShippingCharges />,
  },
  {
    id: 'tracking',
    title: 'Order tracking',
    body: (
      <p>
        When your order ships, we send you a tracking link by e-mail or SMS. You can also follow it at any time from
        your account or on our <Link to={paths.track}>order tracking page</Link>.
      </p>
    ),
  },
  {
    id: 'delays',
    title: 'Delays',
    body: (
      <p>
        Deliveries can occasionally be held up by the courier, bad weather, strikes or other events beyond our control.
        We are not responsible for such delays, but we will gladly help you follow up with the courier.
      </p>
    ),
  },
  {
    id: 'address',
    title: 'Incorrect address',
    body: (
      <p>
        Please check your shipping address carefully. If a parcel comes back to us because the address was wrong or
        incomplete, we will reship it once you have confirmed the correct address; an additional shipping charge may
        apply.
      </p>
    ),
  },
  {
    id: 'damaged',
    title: 'Damaged or lost items',
    body: (
      <p>
        If your order arrives damaged, or does not arrive at all, please tell us within 48 hours of delivery (or of the
        expected delivery date). Include your order number and photos of the parcel and the product so that we can
        resolve it quickly.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>For any question about shipping, please reach our customer care team:</p>
        <ul className={styles.contact}>
          <li>E-mail: {email}</li>
          <li>
            Phone: <a href={phoneHref(company.phone)}>{company.phone}</a> ({brand.supportHours})
          </li>
          <li>
            Address: {[company.name, company.street, company.place, brand.country].filter(Boolean).join(', ')}
          </li>
        </ul>
      </>
    ),
  },
];

export function ShippingPolicyPage() {
  return (
    <PageContainer as="article">
      <title>Shipping policy — drape</title>
      <PageIntro eyebrow="Customer care" title="Shipping policy">
        How and when your {brand.name} order reaches you. We ship across India, and shipping is always free.
      </PageIntro>
      <ol className={styles.sections} data-testid="shipping-policy-sections">
        {sections.map((section, index) => (
          <li key={section.id} className={styles.section}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}.
            </span>
            <section aria-labelledby={`shipping-${section.id}`}>
              <h2 id={`shipping-${section.id}`}>{section.title}</h2>
              {section.body}
            </section>
          </li>
        ))}
      </ol>
    </PageContainer>
  );
}

/** What the shop's delivery settings say: free shipping (from an amount, or always), the flat
 * fee below it and the cash-on-delivery fee. */
function ShippingCharges() {
  const fees = pageFees();
  const { freeShippingAbove, shippingFee, codFee } = fees;
  const cod = codFee > 0 ? ` Cash on delivery orders carry a ${formatRupees(codFee)} cash on delivery fee.` : '';
  if (shipsFree(fees)) {
    return <p>Shipping is free on all orders, with no minimum order value.{cod}</p>;
  }
  return (
    <p>
      Shipping is free on orders of {formatRupees(freeShippingAbove)} or more; below that, a flat {formatRupees(shippingFee)}{' '}
      shipping charge applies.{cod}
    </p>
  );
}
