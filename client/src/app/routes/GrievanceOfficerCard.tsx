// The grievance officer as the E-Commerce Rules 2020 ask the shop to name them (issue 23): on
// the contact page and the complaint form. Nothing when the back office has named none.
import { pageCompany, phoneHref } from '../company';
import styles from './GrievancePage.module.css';

/** The grievance officer as the rules ask the shop to name them. */
export function GrievanceOfficerCard() {
  const officer = pageCompany().grievanceOfficer;
  if (!officer.name) return null;
  return (
    <aside className={styles.officer} aria-labelledby="grievance-officer">
      <h2 id="grievance-officer">Grievance officer</h2>
      <p>
        <strong>{officer.name}</strong>
        {officer.designation && `, ${officer.designation}`}
      </p>
      {officer.email && (
        <p>
          <a href={`mailto:${officer.email}`}>{officer.email}</a>
        </p>
      )}
      {officer.phone && (
        <p>
          <a href={phoneHref(officer.phone)}>{officer.phone}</a>
        </p>
      )}
      <p className={styles.promise}>We acknowledge every complaint within 48 hours and resolve it within one month.</p>
    </aside>
  );
}

