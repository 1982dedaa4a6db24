// /admin/addcompany: the business behind the shop (SPEC §3), as the storefront's footer, mails
// and labels show it. Admins edit and save it whole; staff read it. Input is kept when a save
// fails, with the server's field messages beside the fields.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button';
import { Field, FormAlert, formStyles } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { toastShown } from '../../../../lib/toast';
import { checkCompany, companyFields, useGetCompanyDetailsQuery, useSaveCompanyDetailsMutation, type CompanyDetails } from '../company';
import own from './CompanyPage.module.css';

export function CompanyPage({ canChange }: { canChange: boolean }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useGetCompanyDetailsQuery();
  const [save, saving] = useSaveCompanyDetailsMutation();
  const [details, setDetails] = useState<CompanyDetails | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');

  useEffect(() => {
    if (data && details === null) setDetails(data);
  }, [data, details]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!details) return;
    setAlert('');
    const problems = checkCompany(details);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      setDetails(await save(details).unwrap());
      dispatch(toastShown({ message: 'Company details saved' }));
    } catch (failure) {
      const { message, errors: fields } = (failure as Partial<ApiError>) ?? {};
      setErrors(fields ?? {});
      setAlert(message || 'The details could not be saved');
    }
  }

  return (
    <div className={styles.page}>
      <title>Company — drape back office</title>
      <header>
        <p className={styles.eyebrow}>Back office</p>
        <h1 className={styles.title}>Company</h1>
        <p className={styles.lede}>The business behind the shop, as the storefront, mails and shipping labels show it.</p>
      </header>
      {isLoading || (!details && !isError) ? (
        <p className={styles.state}>Loading...</p>
      ) : !details ? (
        <div>
          <p className={styles.noChange}>The company details could not be loaded.</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form className={`${formStyles.form} ${own.form}`} onSubmit={submit} noValidate aria-label="Company details">
          <FormAlert>{alert}</FormAlert>
          {!canChange && <FormAlert tone="info">Only an admin changes the company details.</FormAlert>}
          <div className={own.grid}>
            {companyFields.map((field) => (
              <div key={field.name} className={field.wide ? own.wide : undefined}>
                {field.area ? (
                  <label className={own.area}>
                    <span>{field.label}</span>
                    <textarea
                      name={field.name}
                      rows={3}
                      value={details[field.name]}
                      disabled={!canChange}
                      onChange={(event) => setDetails({ ...details, [field.name]: event.target.value })}
                    />
                    {errors[field.name] && <span className={own.error}>{errors[field.name]}</span>}
                  </label>
                ) : (
                  <Field
                    label={field.label}
                    name={field.name}
                    hint={field.hint}
                    value={details[field.name]}
                    disabled={!canChange}
                    onChange={(event) => setDetails({ ...details, [field.name]: event.target.value })}
                    error={errors[field.name]}
                  />
                )}
              </div>
            ))}
          </div>
          <section className={own.secrets} aria-labelledby="credentials-title">
            <h2 id="credentials-title">Payment and shipping accounts</h2>
            <p>
              Razorpay and Shiprocket keys are set in the servers’ configuration (RAZORPAY_KEY_SECRET, SHIPROCKET_PASSWORD…), never here: no
              browser ever receives them. Ask whoever runs the servers to change them.
            </p>
          </section>
          {canChange && (
            <div className={styles.actions}>
              <Button type="submit" disabled={saving.isLoading} aria-busy={saving.isLoading || undefined}>
                {saving.isLoading && <Spinner size={16} />}
                Save company details
              </Button>
            </div>
          )}
        </form>
      )}
    </div>
  );
}
