// The order pages, and the pages links in mails and messages open, in one lazily loaded chunk
// (the router names one module for them all): /thankyou, /thankyoupage, /track, /trackid,
// /trackid/{orderId}, /confirm-order/{token}, /delivery-issue/{token}, /restock-alerts/{token},
// and the complaint form and status page (/grievance, /grievance/status: their own chunk).
import { useLocation } from '../../../lib/router';
import { lazyPage } from '../../lazyPage';
import { orderPaths } from '../../../lib/orderPaths';
import { RestockAlertPage } from '../RestockAlertPage';
import { ConfirmOrderPage } from './ConfirmOrderPage';
import { DeliveryIssuePage } from './DeliveryIssuePage';
import { ThankYouPage, ThanksPage } from './ThankYouPages';
import { TrackOrderPage, TrackPage } from './TrackPages';

const GrievancePage = lazyPage(() => import('../GrievancePage'), 'GrievancePage');
const ComplaintStatusPage = lazyPage(() => import('../GrievancePage'), 'ComplaintStatusPage');

export function OrderRoutes() {
  const path = useLocation().pathname.toLowerCase().replace(/\/+$/, '');
  if (path === orderPaths.thankYou) return <ThankYouPage />;
  if (path === orderPaths.thankYouPage) return <ThanksPage />;
  if (path === orderPaths.track) return <TrackPage />;
  if (path.startsWith('/confirm-order/')) return <ConfirmOrderPage />;
  if (path.startsWith('/delivery-issue/')) return <DeliveryIssuePage />;
  if (path.startsWith('/restock-alerts/')) return <RestockAlertPage />;
  if (path === '/grievance') return <GrievancePage />;
  if (path === '/grievance/status') return <ComplaintStatusPage />;
  return <TrackOrderPage />;
}
