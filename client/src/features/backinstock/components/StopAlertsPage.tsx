// /restock-alerts/{token}: the stop link of a back-in-stock mail. It names the e-mail (partly
// hidden) and stops every request of it still waiting, after a tap (a mail scanner opening the
// link stops nothing).
import { Button } from '../../../components/Button';
import { Loader } from '../../../components/Loader';
import { PageContainer } from '../../../components/PageContainer';
import { StateMessage } from '../../../components/StateMessage';
import { useRestockStopLinkQuery, useStopRestockAlertsMutation } from '../api';

export function StopAlertsPage({ token }: { token: string }) {
  const { data, isLoading, isError, error } = useRestockStopLinkQuery(token);
  const [stop, stopped] = useStopRestockAlertsMutation();
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
  return (
    <PageContainer narrow>
      <title>Back-in-stock mails — drape</title>
      {stopped.data ? (
        <StateMessage headingLevel={1} title="Stopped" detail={stopped.data.message} />
      ) : (
        <StateMessage
          headingLevel={1}
          title="Back-in-stock mails"
          detail={
            data.waiting > 0
              ? `${data.email} is waiting for ${data.waiting === 1 ? 'one size' : `${data.waiting} sizes`} to come back.`
              : `${data.email} is not waiting for anything to come back.`
          }
        >
          {data.waiting > 0 && (
            <Button onClick={() => void stop(token)} disabled={stopped.isLoading}>
              Stop back-in-stock mails
            </Button>
          )}
        </StateMessage>
      )}
    </PageContainer>
  );
}
