// The courier's attempt limit for failed deliveries (Back office → Company, admins): the failed
// attempt that reaches it sends the order back to origin (RTO). The server checks (1 to 10) and
// audits it.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import styles from '../../../components/BackOfficeList.module.css';
import { api, type ApiError } from '../../../lib/api';

interface NdrSettingsData {
  attemptLimit: number;
}

const ndrSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNdrSettings: build.query<NdrSettingsData, void>({ query: () => 'admin/ndr/settings' }),
    saveNdrSettings: build.mutation<NdrSettingsData, NdrSettingsData>({
      query: (body) => ({ url: 'admin/ndr/settings', method: 'PUT', body }),
    }),
  }),
});

const { useGetNdrSettingsQuery, useSaveNdrSettingsMutation } = ndrSettingsApi;

export function NdrSettings() {
  const { data, isError } = useGetNdrSettingsQuery();
  const [save, saving] = useSaveNdrSettingsMutation();
  const [limit, setLimit] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(false);
  const { form, focusInvalid } = useInvalidFocus();

  useEffect(() => {
    if (data && limit === null) setLimit(String(data.attemptLimit));
  }, [data, limit]);

  if (isError) return <p className={styles.state}>The failed delivery settings could not be loaded.</p>;
  if (limit === null) return <p className={styles.state}>Loading...</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert('');
    setSaved(false);
    try {
      const answer = await save({ attemptLimit: Math.trunc(Number(limit)) || 0 }).unwrap();
      setLimit(String(answer.attemptLimit));
      setError('');
      setSaved(true);
    } catch (failure) {
      const { message, errors } = (failure as Partial<ApiError>) ?? {};
      setError(errors?.attemptLimit ?? '');
      setAlert(message || 'The attempt limit could not be saved');
      focusInvalid();
    }
  }

  return (
    <section aria-labelledby="ndr-settings-title" className={styles.page}>
      <header>
        <h2 id="ndr-settings-title" className={styles.title}>
          Failed deliveries
        </h2>
        <p className={styles.lede}>How many times the courier tries before the parcel comes back to us (RTO).</p>
      </header>
      <form ref={form} className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Failed delivery settings">
        <FormAlert>{alert}</FormAlert>
        {saved && <FormAlert tone="info">Attempt limit saved</FormAlert>}
        <Field
          label="Delivery attempts before return to origin"
          name="attemptLimit"
          hint="1 to 10. The attempt that reaches it sends the order back."
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          error={error}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={saving.isLoading}>
            Save attempt limit
          </Button>
        </div>
      </form>
    </section>
  );
}
