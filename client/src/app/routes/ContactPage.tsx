import { Link } from '../../components/Link';
import { MailIcon, PhoneIcon, PinIcon, TruckIcon } from '../../components/moreIcons';
import { PageContainer } from '../../components/PageContainer';
import { PageIntro } from '../../components/PageIntro';
import { brand } from '../../lib/brand';
import { paths } from '../../lib/paths';
import { pageCompany, phoneHref } from '../company';
import { GrievanceOfficerCard } from './GrievanceOfficerCard';
import styles from './ContactPage.module.css';

export function ContactPage() {
  const company = pageCompany();
  return (
    <PageContainer>
      <title>Contact us — drape</title>
      <PageIntro eyebrow="Customer care" title="Contact us">
        Questions about sizing, an order or a return? Write or call and a member of our team in {brand.city} will
        help you.
      </PageIntro>
      <ul className={styles.cards}>
        <li className={styles.card}>
          <MailIcon size={26} />
          <div>
            <h2>Write to us</h2>
            <p>We answer e-mails within one business day.</p>
            {company.email && (
              <a className={styles.primary} href={`mailto:${company.email}`}>
                {company.email}
              </a>
            )}
          </div>
        </li>
        <li className={styles.card}>
          <PhoneIcon size={26} />
          <div>
            <h2>Call us</h2>
            <p>{brand.supportHours}.</p>
            {company.phone && (
              <a className={styles.primary} href={phoneHref(company.phone)}>
                {company.phone}
              </a>
            )}
          </div>
        </li>
        <li className={styles.card}>
          <PinIcon size={26} />
          <div>
            <h2>Our address</h2>
            <address className={styles.address}>
              {company.name}
              <br />
              {company.street && (
                <>
                  {company.street}
                  <br />
                </>
              )}
              {company.place}
              <br />
              {brand.country}
            </address>
          </div>
        </li>
        <li className={styles.card}>
          <TruckIcon size={26} />
          <div>
            <h2>Your order</h2>
            <p>Follow a parcel or read how delivery and returns work.</p>
            <ul className={styles.links}>
              <li>
                <Link to={paths.track}>Track your order</Link>
              </li>
              <li>
                <Link to={paths.shippingPolicy}>Shipping policy</Link>
              </li>
              <li>
                <Link to={paths.returns}>Returns and exchanges</Link>
              </li>
            </ul>
          </div>
        </li>
      </ul>
      <section className={styles.grievance} aria-labelledby="contact-complaints">
        <div>
          <h2 id="contact-complaints">Complaints</h2>
          <p>
            Not happy with how we handled something? File a complaint: you get a ticket number at once, an
            acknowledgement by e-mail within 48 hours and an answer within one month.
          </p>
          <ul className={styles.links}>
            <li>
              <Link to="/grievance">File a complaint</Link>
            </li>
            <li>
              <Link to="/grievance/status">Status of a complaint</Link>
            </li>
          </ul>
        </div>
        <GrievanceOfficerCard />
      </section>
    </PageContainer>
  );
}
