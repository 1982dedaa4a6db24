// The dashboard's cash-on-delivery figures (GET /api/admin/dashboard/cod?days=): the COD share,
// returned-to-origin (RTO) rates in all and by state and pincode, how shoppers asked to confirm
// answered, and the failed deliveries waiting now. Tagged 'Dashboard', so the dashboard's live
// refresh (admin:dashboard events) refetches them with the rest. Amounts are rupees, percents
// have one decimal and are null without a base.
import { dashboardApi } from './api';

export interface RtoCount {
  ended: number;
  rto: number;
  percent: number | null;
}

export interface RtoPlace extends RtoCount {
  place: string;
  /** Fewer than 5 deliveries ended there: too few for the rate to say much. */
  few: boolean;
}

export interface CodFigures {
  days: number;
  share: { orders: number; codOrders: number; ordersPercent: number | null; value: number; codValue: number; valuePercent: number | null };
  rto: RtoCount & { cod: RtoCount; byState: RtoPlace[]; byPincode: RtoPlace[] };
  confirmation: {
    asked: number;
    confirmed: number;
    byShopper: number;
    byStaff: number;
    expired: number;
    cancelled: number;
    waiting: number;
    percent: number | null;
  };
  ndr: { unanswered: number; open: number };
}

const codApi = dashboardApi.injectEndpoints({
  endpoints: (build) => ({
    getCodFigures: build.query<CodFigures, number>({
      query: (days) => ({ url: 'admin/dashboard/cod', params: { days } }),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetCodFiguresQuery } = codApi;
