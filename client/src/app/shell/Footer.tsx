import { Link } from '../../components/Link';
import { MailIcon, PhoneIcon, PinIcon } from '../../components/contactIcons';
import { brand } from '../../lib/brand';
import { paths, productListPath } from '../../lib/paths';
import { pageCompany, phoneHref } from '../company';
import { useAppSelector } from '../hooks';
import styles from './Footer.module.css';

export function Footer() {
  const year = new Date().getFullYear();
  const company = pageCompany();
  // Whether prices, stock and orders on screen follow the shop live (the realtime socket). The
  // words are in the stylesheet: not a byte more script for every shopper.
  const connection = useAppSelector((state) => state.connection.status);
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section className={styles.intro} aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.brand}>
            {brand.name}
          </h2>
          <p className={styles.about}>
            Formal wear cut and finished in Jaipur: shirts, trousers and our stretch and flexi-waist pants, made to
            look sharp from the first meeting of the day to the last.
          </p>
          <ul className={styles.social} aria-label="Social media">
            {brand.social.map((network) => (
              <li key={network.name}>
                <a href={network.href} target="_blank" rel="noopener noreferrer">
                  {network.name}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className={styles.heading}>
            Products
          </h2>
          <ul className={styles.links}>
            <li>
              <Link to={paths.shop}>Shop all</Link>
            </li>
            <li>
              <Link to={paths.bestSellers}>Best sellers</Link>
            </li>
            <li>
              <Link to={productListPath('Stretch Pant')}>Stretch pants</Link>
            </li>
            <li>
              <Link to={productListPath('Flexiwaist Pant')}>Flexi-waist pants</Link>
            </li>
            <li>
              <Link to={paths.sale}>Sale</Link>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className={styles.heading}>
            Support
          </h2>
          <ul className={styles.links}>
            <li>
              <Link to={paths.shippingPolicy}>Shipping policy</Link>
            </li>
            <li>
              <Link to={paths.returns}>Returns</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms</Link>
            </li>
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={paths.track}>Track order</Link>
            </li>
            <li>
              <Link to={paths.contactUs}>Contact us</Link>
            </li>
          </ul>
        </nav>

        <section className={styles.contactColumn} aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <ul className={styles.contact}>
            <li>
              <PinIcon size={18} />
              <address className={styles.address}>
                {company.name}
                <br />
                {[company.place, brand.country].filter(Boolean).join(', ')}
              </address>
            </li>
            {company.email && (
              <li>
                <MailIcon size={18} />
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </li>
            )}
            {company.phone && (
              <li>
                <PhoneIcon size={18} />
                <a href={phoneHref(company.phone)}>{company.phone}</a>
              </li>
            )}
          </ul>
        </section>
      </div>

      <div className={styles.legal}>
        <div className={styles.legalInner}>
          <div>
            <p>
              Manufactured and marketed by {[company.name, company.state, brand.country].filter(Boolean).join(', ')}
            </p>
            {company.grievanceOfficer.name && (
              <p className={styles.grievance}>
                Grievance officer: {company.grievanceOfficer.name}
                {company.grievanceOfficer.designation && `, ${company.grievanceOfficer.designation}`} ·{' '}
                <a href={`mailto:${company.grievanceOfficer.email}`}>{company.grievanceOfficer.email}</a> ·{' '}
                <a href={phoneHref(company.grievanceOfficer.phone)}>{company.grievanceOfficer.phone}</a> ·{' '}
                <Link to="/grievance">File a complaint</Link>
              </p>
            )}
            <p>
              © {year} {brand.name}. All rights reserved.
            </p>
            <span className={styles.live} data-status={connection} role="status" />
          </div>
          <ul className={styles.policyLinks} aria-label="Policies">
            <li>
              <Link to={paths.privacyPolicy}>Privacy Policy</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy notice</Link>
            </li>
            <li>
              <Link to={paths.terms}>Terms &amp; Conditions</Link>
            </li>
            <li>
              <Link to={paths.shippingPolicy}>Shipping Policy</Link>
            </li>
            <li>
              <Link to={paths.returns}>Returns &amp; Exchanges</Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
