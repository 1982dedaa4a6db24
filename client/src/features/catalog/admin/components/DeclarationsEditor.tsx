// A product's Legal Metrology declarations in the back office (issue 23): each field shows what
// the product page shows now; an admin may give the product its own value, and an empty field
// takes the default again (the company's name, address and contacts, India, the sub-category's
// name, 1 N). The MRP is the product's price. Saved on its own; the server audits it.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button';
import styles from '../../../../components/BackOfficeList.module.css';
import { Field, FormAlert, formStyles, useInvalidFocus } from '../../../../components/Form';
import { api, type ApiError } from '../../../../lib/api';
import { formatRupees } from '../../../../lib/money';
import type { Declarations } from '../../types';

type Own = Omit<Declarations, 'mrp'>;

interface DeclarationsAnswer {
  own: Declarations;
  shown: Declarations;
}

const declarationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    productDeclarations: build.query<DeclarationsAnswer, string>({
      query: (id) => `admin/products/${encodeURIComponent(id)}/declarations`,
    }),
    saveProductDeclarations: build.mutation<DeclarationsAnswer, { id: string; own: Own }>({
      query: ({ id, own }) => ({ url: `admin/products/${encodeURIComponent(id)}/declarations`, method: 'PUT', body: own }),
    }),
  }),
});

const { useProductDeclarationsQuery, useSaveProductDeclarationsMutation } = declarationsApi;

const fields: { name: keyof Own; label: string }[] = [
  { name: 'genericName', label: 'Generic name' },
  { name: 'netQuantity', label: 'Net quantity' },
  { name: 'countryOfOrigin', label: 'Country of origin' },
  { name: 'makerName', label: 'Manufacturer / marketer' },
  { name: 'makerAddress', label: "Manufacturer's / marketer's address" },
  { name: 'consumerCare', label: 'Consumer care' },
];

const ownOf = (d: Declarations): Own => ({
  makerName: d.makerName,
  makerAddress: d.makerAddress,
  countryOfOrigin: d.countryOfOrigin,
  genericName: d.genericName,
  netQuantity: d.netQuantity,
  consumerCare: d.consumerCare,
});

export function DeclarationsEditor({ productId, canChange }: { productId: string; canChange: boolean }) {
  const { data, isError } = useProductDeclarationsQuery(productId);
  const [save, saving] = useSaveProductDeclarationsMutation();
  const [form, setForm] = useState<Own | null>(null);
  const [shown, setShown] = useState<Declarations | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(false);
  const { form: formRef, focusInvalid } = useInvalidFocus();

  useEffect(() => {
    if (data && form === null) {
      setForm(ownOf(data.own));
      setShown(data.shown);
    }
  }, [data, form]);

  if (isError) return <p className={styles.state}>The declarations could not be loaded.</p>;
  if (!form || !shown) return <p className={styles.state}>Loading...</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setAlert('');
    setSaved(false);
    try {
      const answer = await save({ id: productId, own: form }).unwrap();
      setForm(ownOf(answer.own));
      setShown(answer.shown);
      setErrors({});
      setSaved(true);
    } catch (failure) {
      const { message, errors: problems } = (failure as Partial<ApiError>) ?? {};
      setErrors(problems ?? {});
      setAlert(message || 'The declarations could not be saved');
      focusInvalid();
    }
  }

  return (
    <section aria-labelledby="declarations-title" className={styles.page}>
      <header>
        <h2 id="declarations-title" className={styles.title}>
          Declarations
        </h2>
        <p className={styles.lede}>
          What the product page states as the label would (Legal Metrology rule 6(10)). Leave a field empty to use the default shown
          under it. MRP: {formatRupees(shown.mrp)}, the product's price, inclusive of all taxes.
        </p>
      </header>
      <form ref={formRef} className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Declarations">
        <FormAlert>{alert}</FormAlert>
        {saved && <FormAlert tone="info">Declarations saved</FormAlert>}
        {fields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={`declarations-${field.name}`}
            optional
            readOnly={!canChange}
            value={form[field.name]}
            placeholder={shown[field.name]}
            hint={form[field.name] ? undefined : `Shown: ${shown[field.name] || '—'}`}
            onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
            error={errors[field.name]}
          />
        ))}
        {canChange && (
          <div className={styles.actions}>
            <Button type="submit" disabled={saving.isLoading}>
              Save declarations
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}
