// The grievance officer's pages (issue 23): the complaint form, which gives a ticket at once,
// and a complaint's status page. One lazy chunk; the contact page and the footer link here.
import { useSearchParams } from '../../lib/router';
import { Link } from '../../components/Link';
import { PageContainer } from '../../components/PageContainer';
import { PageIntro } from '../../components/PageIntro';
import { selectToken, selectUser } from '../../features/account/accountSlice';
import { ComplaintForm } from '../../features/grievance/components/ComplaintForm';
import { ComplaintStatus } from '../../features/grievance/components/ComplaintStatus';
import { complaintStatusPath, grievancePath } from '../../features/grievance/paths';
import { useAppSelector } from '../hooks';
import { GrievanceOfficerCard } from './GrievanceOfficerCard';
import styles from './GrievancePage.module.css';

export function GrievancePage() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectToken) !== null && user;
  return (
    <PageContainer>
      <title>File a complaint — drape</title>
      <PageIntro eyebrow="Customer care" title="File a complaint">
        Something went wrong with an order, a refund or our service? Tell our grievance officer. You get a ticket
        number at once and an acknowledgement by e-mail.
      </PageIntro>
      <div className={styles.layout}>
        <ComplaintForm signedInEmail={signedIn ? user.email : null} signedInName={signedIn ? user.firstName : ''} />
        <div className={styles.side}>
          <GrievanceOfficerCard />
          <p className={styles.already}>
            Filed one already? <Link to={complaintStatusPath()}>See its status</Link>
          </p>
        </div>
      </div>
    </PageContainer>
  );
}

export function ComplaintStatusPage() {
  const [params] = useSearchParams();
  return (
    <PageContainer>
      <title>Complaint status — drape</title>
      <PageIntro eyebrow="Customer care" title="Complaint status">
        Enter your ticket number and the e-mail you filed it with.
      </PageIntro>
      <ComplaintStatus ticket={params.get('ticket') ?? ''} email={params.get('email') ?? ''} />
      <p className={styles.already}>
        Something else? <Link to={grievancePath}>File a new complaint</Link>
      </p>
    </PageContainer>
  );
}
