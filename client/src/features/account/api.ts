// The account calls (SPEC §7 and the server's openapi.yaml): sign-in and registration, the
// password reset by OTP, the profile, addresses and the back office's sign-in and staff accounts.
// Loaded with the account screens and the sign-in popup, never with the first page.
import { api, type ApiMeta } from '../../lib/api';
import { tokenRenewed, userUpdated } from './actions';
import type {
  Address,
  AddressInput,
  ClientConfig,
  Credentials,
  MarketingWording,
  OrderUpdates,
  ProfileChange,
  Registration,
  Session,
  User,
} from './types';

export function toSession(user: User, meta: ApiMeta | undefined): Session {
  return { token: meta?.token ?? '', user, message: meta?.message ?? '' };
}

/** A mutation's answer message ('Address added successfully'), for its toast. */
function toMessage(_data: unknown, meta: ApiMeta | undefined): string {
  return meta?.message ?? '';
}

export const post = (url: string) => (body: object) => ({ url, method: 'POST', body });

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClientConfig: build.query<ClientConfig, void>({
      query: () => 'config',
      keepUnusedDataFor: 3600,
    }),

    login: build.mutation<Session, Credentials>({ query: post('login'), transformResponse: toSession }),
    register: build.mutation<Session, Registration>({ query: post('register'), transformResponse: toSession }),
    getMarketingWordings: build.query<MarketingWording[], void>({ query: () => 'privacy/wordings' }),
    googleLogin: build.mutation<Session, { credential: string }>({ query: post('auth/google'), transformResponse: toSession }),

    forgotPassword: build.mutation<string, { email: string }>({ query: post('forgotpassword'), transformResponse: toMessage }),
    verifyOtp: build.mutation<string, { email: string; otp: string }>({ query: post('otpverify'), transformResponse: toMessage }),
    resetPassword: build.mutation<string, { email: string; newPassword: string }>({
      query: post('updatepassword'),
      transformResponse: toMessage,
    }),

    getProfile: build.query<User, void>({
      query: () => 'getProfile',
      providesTags: ['Profile'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data));
      },
    }),
    updateProfile: build.mutation<User, ProfileChange>({
      query: post('profile'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(userUpdated(data));
        dispatch(accountApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    /** The channel order updates go by: WhatsApp (the default), SMS, or none. */
    getOrderUpdates: build.query<OrderUpdates, void>({ query: () => 'profile/order-updates', providesTags: ['Profile'] }),
    setOrderUpdates: build.mutation<{ channel: OrderUpdates['channel']; message: string }, OrderUpdates>({
      query: post('profile/order-updates'),
      transformResponse: (data: OrderUpdates, meta: ApiMeta | undefined) => ({ channel: data.channel, message: meta?.message ?? '' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getOrderUpdates', undefined, { channel: data.channel }));
      },
    }),
    /** Starts an e-mail change: a code goes to the new address; nothing changes yet. */
    changeEmail: build.mutation<{ pendingEmail: string; message: string }, Credentials>({
      query: post('profile/email'),
      transformResponse: (data: { pendingEmail?: string } | null, meta: ApiMeta | undefined) => ({
        pendingEmail: data?.pendingEmail ?? '',
        message: meta?.message ?? '',
      }),
    }),
    /** Finishes it with the code from the new address's mail; the answer is the account. */
    confirmEmailChange: build.mutation<User, { code: string }>({
      query: post('profile/email/confirm'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(userUpdated(data));
        dispatch(accountApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
    /** Other devices are signed out; the answer carries this device's new token. */
    changePassword: build.mutation<Session, { currentPassword: string; newPassword: string }>({
      query: post('profile/password'),
      transformResponse: toSession,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.token) dispatch(tokenRenewed(data.token));
      },
    }),
    logoutEverywhere: build.mutation<string, void>({
      query: () => ({ url: 'logout-everywhere', method: 'POST' }),
      transformResponse: toMessage,
    }),
    /** Revokes this browser's shopper token on the server (a copy of it stops working). */
    logout: build.mutation<string, void>({
      query: () => ({ url: 'logout', method: 'POST' }),
      transformResponse: toMessage,
    }),

    /** India's states and union territories: the list the server validates against. */
    getStates: build.query<string[], void>({
      query: () => 'address/states',
      transformResponse: (data: unknown) => (Array.isArray(data) ? data.filter((item) => typeof item === 'string') : []),
      keepUnusedDataFor: 3600,
    }),
    getAddresses: build.query<Address[], void>({
      query: () => 'getAddress',
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as Address[]) : []),
      providesTags: ['Address'],
    }),
    addAddress: build.mutation<string, AddressInput>({
      query: post('addAddress'),
      transformResponse: toMessage,
      invalidatesTags: ['Address'],
    }),
    updateAddress: build.mutation<string, AddressInput & { _id: string }>({
      query: ({ _id, ...input }) => ({ url: `updateAddress/${encodeURIComponent(_id)}`, method: 'POST', body: input }),
      transformResponse: toMessage,
      invalidatesTags: ['Address'],
    }),
    deleteAddress: build.mutation<string, string>({
      query: (id) => ({ url: `deleteAddress/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: toMessage,
      invalidatesTags: ['Address'],
    }),
  }),
});

export const {
  useGetClientConfigQuery,
  useLoginMutation,
  useRegisterMutation,
  useGetMarketingWordingsQuery,
  useGoogleLoginMutation,
  useForgotPasswordMutation,
  useVerifyOtpMutation,
  useResetPasswordMutation,
  useGetProfileQuery,
  useUpdateProfileMutation,
  useChangeEmailMutation,
  useConfirmEmailChangeMutation,
  useGetOrderUpdatesQuery,
  useSetOrderUpdatesMutation,
  useChangePasswordMutation,
  useLogoutEverywhereMutation,
  useGetStatesQuery,
  useGetAddressesQuery,
  useAddAddressMutation,
  useUpdateAddressMutation,
  useDeleteAddressMutation,
} = accountApi;
