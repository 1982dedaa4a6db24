// The shop's payment settings (GET /api/admin/payment-settings, admins): the Razorpay account
// as the server's environment configures it. Secrets never leave the server; the answer only
// says whether each is set.
import { api } from '../../lib/api';
import type { PaymentSettings } from './types';

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentSettings: build.query<PaymentSettings, void>({ query: () => 'admin/payment-settings' }),
  }),
});

export const { useGetPaymentSettingsQuery } = paymentsApi;
