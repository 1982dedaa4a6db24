import { ButtonLink } from '../../../components/Button';
import { StateMessage } from '../../../components/StateMessage';
import { paths } from '../../../lib/paths';
import { PageHeader } from './PageHeader';

/** /user/orders: the order history comes with the orders issue; until then the page says so. */
export function OrdersPage() {
  return (
    <>
      <title>Orders — drape</title>
      <PageHeader eyebrow="Orders" title="Your orders" />
      <StateMessage
        title="Order history is on its way"
        detail="Orders you place will be listed here with their delivery status. Until then, every update reaches you by e-mail."
      >
        <ButtonLink to={paths.shop}>Continue shopping</ButtonLink>
      </StateMessage>
    </>
  );
}
