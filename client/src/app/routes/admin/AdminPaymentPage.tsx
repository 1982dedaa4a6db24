// /admin/payment (admins): how Razorpay is set up (features/payments) and the online payments
// (features/orders/admin). Staff are told it is not theirs; the server answers them 403 too.
import { StateMessage } from '../../../components/StateMessage';
import list from '../../../components/BackOfficeList.module.css';
import { selectAdmin } from '../../../features/account/adminSlice';
import { OnlinePayments } from '../../../features/orders/admin/components/OnlinePayments';
import { PaymentSettingsPanel } from '../../../features/payments/components/PaymentSettingsPanel';
import { useAppSelector } from '../../hooks';

export function AdminPaymentPage() {
  const admin = useAppSelector(selectAdmin);
  if (admin && admin.role !== 'admin') {
    return <StateMessage headingLevel={1} title="For admins only" detail="Payment settings and the payments list are for admins; ask an admin." />;
  }
  return (
    <div className={list.page}>
      <title>Payments — drape back office</title>
      <header>
        <p className={list.eyebrow}>Back office</p>
        <h1 className={list.title}>Payments</h1>
        <p className={list.lede}>The Razorpay account the shop takes online payments with, and every online payment.</p>
      </header>
      <PaymentSettingsPanel />
      <OnlinePayments />
    </div>
  );
}
