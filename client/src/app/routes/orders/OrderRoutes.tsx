// The order pages in one lazily loaded chunk (the router names one module for them all):
// /thankyou, /thankyoupage, /track, /trackid and /trackid/{orderId}.
import { useLocation } from 'react-router';
import { orderPaths } from '../../../lib/orderPaths';
import { ThankYouPage, ThanksPage } from './ThankYouPages';
import { TrackOrderPage, TrackPage } from './TrackPages';

export function OrderRoutes() {
  const path = useLocation().pathname.toLowerCase().replace(/\/+$/, '');
  if (path === orderPaths.thankYou) return <ThankYouPage />;
  if (path === orderPaths.thankYouPage) return <ThanksPage />;
  if (path === orderPaths.track) return <TrackPage />;
  return <TrackOrderPage />;
}
