// The shop's fees and COD rules (Back office → Company, admins): free shipping above an amount
// (0: every order ships free) or a flat fee, a cash-on-delivery fee, the COD order cap, the
// pincodes refused COD, the returned-to-origin limit, and whether COD orders wait for the
// shopper's (or staff's) confirmation before dispatch and for how many hours. Saved whole; the server checks and
// audits it, and the quote, the order, the mails and the invoice charge what it says.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import styles from '../../../components/BackOfficeList.module.css';
import { api, type ApiError } from '../../../lib/api';

/** The settings as the server answers them (rupees). */
export interface DeliverySettingsData {
  freeShippingAbove: number;
  shippingFee: number;
  codFee: number;
  codMaxOrder: number;
  codBlockedPincodes: string[];
  codRtoLimit: number;
  codConfirm: boolean;
  codConfirmHours: number;
}

const deliverySettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDeliverySettings: build.query<DeliverySettingsData, void>({ query: () => 'admin/delivery-settings' }),
    saveDeliverySettings: build.mutation<DeliverySettingsData, DeliverySettingsData>({
      query: (body) => ({ url: 'admin/delivery-settings', method: 'PUT', body }),
    }),
  }),
});

const { useGetDeliverySettingsQuery, useSaveDeliverySettingsMutation } = deliverySettingsApi;

type Form = Record<'freeShippingAbove' | 'shippingFee' | 'codFee' | 'codMaxOrder' | 'codRtoLimit' | 'codBlockedPincodes' | 'codConfirmHours', string> & {
  codConfirm: boolean;
};

const amounts: { name: Exclude<keyof Form, 'codBlockedPincodes' | 'codConfirm' | 'codConfirmHours'>; label: string; hint: string }[] = [
  { name: 'freeShippingAbove', label: 'Free shipping from (₹)', hint: '0 ships every order free.' },
  { name: 'shippingFee', label: 'Shipping fee below it (₹)', hint: 'Charged on orders worth less, after the coupon.' },
  { name: 'codFee', label: 'Cash on delivery fee (₹)', hint: '0 for none.' },
  { name: 'codMaxOrder', label: 'Largest COD order (₹)', hint: '0 for no limit.' },
  { name: 'codRtoLimit', label: 'No COD after this many returned (RTO) orders', hint: '0 for no limit; override per customer.' },
];

const toForm = (d: DeliverySettingsData): Form => ({
  freeShippingAbove: String(d.freeShippingAbove),
  shippingFee: String(d.shippingFee),
  codFee: String(d.codFee),
  codMaxOrder: String(d.codMaxOrder),
  codRtoLimit: String(d.codRtoLimit),
  codBlockedPincodes: d.codBlockedPincodes.join(', '),
  codConfirm: d.codConfirm,
  codConfirmHours: String(d.codConfirmHours),
});

export function DeliverySettings() {
  const { data, isError } = useGetDeliverySettingsQuery();
  const [save, saving] = useSaveDeliverySettingsMutation();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(false);
  const { form: formRef, focusInvalid } = useInvalidFocus();

  useEffect(() => {
    if (data && form === null) setForm(toForm(data));
  }, [data, form]);

  if (isError) return <p className={styles.state}>The delivery settings are there once the company details are saved.</p>;
  if (!form) return <p className={styles.state}>Loading...</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setAlert('');
    setSaved(false);
    const body: DeliverySettingsData = {
      freeShippingAbove: Number(form.freeShippingAbove) || 0,
      shippingFee: Number(form.shippingFee) || 0,
      codFee: Number(form.codFee) || 0,
      codMaxOrder: Number(form.codMaxOrder) || 0,
      codRtoLimit: Math.trunc(Number(form.codRtoLimit) || 0),
      codBlockedPincodes: form.codBlockedPincodes.split(/[\s,]+/).filter(Boolean),
      codConfirm: form.codConfirm,
      codConfirmHours: Math.trunc(Number(form.codConfirmHours) || 0),
    };
    try {
      setForm(toForm(await save(body).unwrap()));
      setErrors({});
      setSaved(true);
    } catch (failure) {
      const { message, errors: fields } = (failure as Partial<ApiError>) ?? {};
      setErrors(fields ?? {});
      setAlert(message || 'The delivery settings could not be saved');
      focusInvalid();
    }
  }

  return (
    <section aria-labelledby="delivery-settings-title" className={styles.page}>
      <header>
        <h2 id="delivery-settings-title" className={styles.title}>
          Shipping fees and cash on delivery
        </h2>
        <p className={styles.lede}>The checkout, the order, its mails and invoice charge these; the shipping policy page shows them.</p>
      </header>
      <form ref={formRef} className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Delivery settings">
        <FormAlert>{alert}</FormAlert>
        {saved && <FormAlert tone="info">Delivery settings saved</FormAlert>}
        {amounts.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            hint={field.hint}
            inputMode="decimal"
            value={form[field.name]}
            onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
            error={errors[field.name]}
          />
        ))}
        <Field
          label="Pincodes without cash on delivery"
          name="codBlockedPincodes"
          hint="6-digit pincodes, separated by commas or spaces."
          optional
          value={form.codBlockedPincodes}
          onChange={(event) => setForm({ ...form, codBlockedPincodes: event.target.value })}
          error={errors.codBlockedPincodes}
        />
        <Checkbox
          label="Ask the shopper to confirm a cash on delivery order before it is shipped"
          name="codConfirm"
          checked={form.codConfirm}
          onChange={(event) => setForm({ ...form, codConfirm: event.target.checked })}
        />
        <Field
          label="Cancel an unconfirmed COD order after (hours)"
          name="codConfirmHours"
          hint="1 to 168. Its stock comes back."
          inputMode="numeric"
          value={form.codConfirmHours}
          onChange={(event) => setForm({ ...form, codConfirmHours: event.target.value })}
          error={errors.codConfirmHours}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={saving.isLoading}>
            Save delivery settings
          </Button>
        </div>
      </form>
    </section>
  );
}
