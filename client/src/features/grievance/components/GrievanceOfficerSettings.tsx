// The grievance officer (Back office → Company, admins; issue 23): name, designation, e-mail
// and phone, all required, shown on the contact page, the complaint form and in the footer.
// The server checks and audits the change.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import styles from '../../../components/BackOfficeList.module.css';
import { Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import type { ApiError } from '../../../lib/api';
import { useGrievanceOfficerQuery, useSaveGrievanceOfficerMutation } from '../adminApi';
import type { GrievanceOfficer } from '../types';

const fields: { name: keyof GrievanceOfficer; label: string; type?: string }[] = [
  { name: 'name', label: 'Name' },
  { name: 'designation', label: 'Designation' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel' },
];

export function GrievanceOfficerSettings() {
  const { data, isError } = useGrievanceOfficerQuery();
  const [save, saving] = useSaveGrievanceOfficerMutation();
  const [form, setForm] = useState<GrievanceOfficer | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [saved, setSaved] = useState(false);
  const { form: formRef, focusInvalid } = useInvalidFocus();

  useEffect(() => {
    if (data && form === null) setForm(data);
  }, [data, form]);

  if (isError) return <p className={styles.state}>The grievance officer can be named once the company details are saved.</p>;
  if (!form) return <p className={styles.state}>Loading...</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    setAlert('');
    setSaved(false);
    try {
      setForm(await save(form).unwrap());
      setErrors({});
      setSaved(true);
    } catch (failure) {
      const { message, errors: problems } = (failure as Partial<ApiError>) ?? {};
      setErrors(problems ?? {});
      setAlert(message || 'The grievance officer could not be saved');
      focusInvalid();
    }
  }

  return (
    <section aria-labelledby="grievance-officer-title" className={styles.page}>
      <header>
        <h2 id="grievance-officer-title" className={styles.title}>
          Grievance officer
        </h2>
        <p className={styles.lede}>
          The E-Commerce Rules ask the shop to name them. The contact page, the complaint form and the footer show these details.
        </p>
      </header>
      <form ref={formRef} className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Grievance officer">
        <FormAlert>{alert}</FormAlert>
        {saved && <FormAlert tone="info">Grievance officer saved</FormAlert>}
        {fields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={`grievance-${field.name}`}
            type={field.type ?? 'text'}
            value={form[field.name]}
            onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
            error={errors[field.name]}
            required
          />
        ))}
        <div className={styles.actions}>
          <Button type="submit" disabled={saving.isLoading}>
            Save grievance officer
          </Button>
        </div>
      </form>
    </section>
  );
}
