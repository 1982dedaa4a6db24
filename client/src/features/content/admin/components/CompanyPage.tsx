// /admin/addcompany: the business behind the shop (SPEC §3), as the storefront's footer, mails
// and labels show it, and its GST settings (registered, GSTIN, legal name, invoice prefix; the
// address's state from GST's list with its code). Admins edit and save it whole; staff read it.
// Input is kept when a save fails, with the server's field messages beside the fields (a GSTIN's
// wrong check character is the server's to find: the client checks its shape only).
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles, SelectField, useInvalidFocus } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import styles from '../../../../components/BackOfficeList.module.css';
import { useAppDispatch } from '../../../../app/hooks';
import type { ApiError } from '../../../../lib/api';
import { toastShown } from '../../../../lib/toast';
import { checkCompany, companyFields, stateOptions, taxFields, useGetCompanyDetailsQuery, useSaveCompanyDetailsMutation, type CompanyDetails } from '../company';
import own from './CompanyPage.module.css';

export function CompanyPage({ canChange }: { canChange: boolean }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError, refetch } = useGetCompanyDetailsQuery();
  const [save, saving] = useSaveCompanyDetailsMutation();
  const [details, setDetails] = useState<CompanyDetails | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const { form, focusInvalid } = useInvalidFocus();

  useEffect(() => {
    if (data && details === null) setDetails(data);
  }, [data, details]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!details) return;
    setAlert('');
    const problems = checkCompany(details);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusInvalid();
      return;
    }
    try {
      setDetails(await save(details).unwrap());
      dispatch(toastShown({ message: 'Company details saved' }));
    } catch (failure) {
      const { message, errors: fields } = (failure as Partial<ApiError>) ?? {};
      setErrors(fields ?? {});
      setAlert(message || 'The details could not be saved');
      focusInvalid();
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
        <form ref={form} className={`${formStyles.form} ${own.form}`} onSubmit={submit} noValidate aria-label="Company details">
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
                ) : field.stateSelect ? (
                  <SelectField
                    label={field.label}
                    name={field.name}
                    placeholder="Choose a state"
                    options={stateOptions(details.state)}
                    hint="With its GST state code."
                    value={details.state}
                    disabled={!canChange}
                    onChange={(event) => setDetails({ ...details, state: event.target.value })}
                    error={errors.state}
                  />
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
          <section className={own.tax} aria-labelledby="tax-title">
            <div className={own.taxHead}>
              <h2 id="tax-title">GST and invoices</h2>
              <p>A registered shop issues a tax invoice with every order as it leaves with the courier. The address above is the registered address.</p>
            </div>
            <Checkbox
              role="switch"
              label="Registered for GST"
              name="gstRegistered"
              checked={details.gstRegistered}
              disabled={!canChange}
              onChange={(event) => setDetails({ ...details, gstRegistered: event.target.checked })}
            />
            <div className={own.grid}>
              {taxFields.map((field) => (
                <div key={field.name} className={field.name === 'legalName' ? own.wide : undefined}>
                  <Field
                    label={field.label}
                    name={field.name}
                    hint={field.hint}
                    optional={!details.gstRegistered}
                    autoCapitalize={field.name === 'legalName' ? undefined : 'characters'}
                    spellCheck={false}
                    maxLength={field.name === 'gstin' ? 15 : field.name === 'invoicePrefix' ? 3 : 120}
                    value={details[field.name]}
                    disabled={!canChange}
                    onChange={(event) =>
                      setDetails({ ...details, [field.name]: field.name === 'legalName' ? event.target.value : event.target.value.toUpperCase() })
                    }
                    error={errors[field.name]}
                  />
                </div>
              ))}
            </div>
          </section>
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
