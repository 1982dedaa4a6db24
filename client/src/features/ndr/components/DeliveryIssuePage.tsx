// /delivery-issue/{token}: the page the shopper's NDR message links to. It says what went
// wrong and offers the three answers; once answered it says what happens next.
import { PageContainer } from '../../../components/PageContainer';
import { StateMessage } from '../../../components/StateMessage';
import { Loader } from '../../../components/Loader';
import { useAnswerDeliveryIssueMutation, useGetDeliveryChoicesQuery } from '../api';
import { answerLine, dayLabel } from '../words';
import { AnswerForm } from './AnswerForm';
import styles from './Ndr.module.css';

export function DeliveryIssuePage({ token }: { token: string }) {
  const { data, isLoading, isError, error } = useGetDeliveryChoicesQuery(token);
  const [answer] = useAnswerDeliveryIssueMutation();
  if (isLoading) return <Loader />;
  if (isError || !data) {
    return (
      <PageContainer narrow>
        <StateMessage
          headingLevel={1}
          tone="error"
          title="This link does not work"
          detail={(error as { message?: string } | undefined)?.message || 'Please try again.'}
        />
      </PageContainer>
    );
  }
  const { issue } = data;
  return (
    <PageContainer narrow as="section">
      <title>{`Delivery of order ${issue.orderId} — drape`}</title>
      <header className={styles.pageHeader}>
        <p className={styles.eyebrow}>Order {issue.orderId}</p>
        <h1 className={styles.pageTitle}>We could not deliver your order</h1>
        <p className={styles.reason}>
          Delivery attempt failed: {issue.reason} (attempt {issue.attempt} of {issue.attemptLimit}, {dayLabel(issue.reportedAt.slice(0, 10))})
        </p>
      </header>
      {!issue.open ? (
        <StateMessage title="Nothing more to choose" detail={`This delivery is settled (${issue.outcome || 'closed'}).`} />
      ) : issue.answered ? (
        <StateMessage title="Thank you, we have your answer" detail={`${answerLine(issue)}. We have told the courier.`} />
      ) : (
        <>
          <p className={styles.address}>
            The courier has: {data.name}, {[data.address1, data.address2, data.city, data.state, data.pincode].filter(Boolean).join(', ')} · +91 {data.phone}
          </p>
          <AnswerForm
            dates={data.dates}
            phone={data.phone}
            address1={data.address1}
            address2={data.address2}
            submitLabel="Send my answer"
            onAnswer={(a) => answer({ token, answer: a }).unwrap()}
          />
        </>
      )}
    </PageContainer>
  );
}
