// What the back office shows of the Razorpay account.

export interface PaymentSettings {
  enabled: boolean;
  keyId: string;
  /** 'test' or 'live' from the key id; '' when no key is set. */
  mode: '' | 'test' | 'live';
  keySecretSet: boolean;
  webhookSecretSet: boolean;
  /** Where Razorpay must send its webhooks. */
  webhookUrl: string;
  /** The events the shop acts on. */
  webhookEvents: string[];
}
