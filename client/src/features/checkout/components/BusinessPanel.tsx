// 'Add GST details for business purchase': closed until the shopper opens it; open, it asks for
// the business's GSTIN and name, which the order then carries onto its tax invoice. Closing it
// again means a personal purchase (the details typed are kept, but not sent).
import { useId } from 'react';
import { Field } from '../../../components/Form';
import { ChevronDownIcon } from '../../../components/icons';
import type { BusinessDetails, BusinessErrors } from '../business';
import styles from './Checkout.module.css';

export function BusinessPanel({
  open,
  onToggle,
  details,
  errors,
  onChange,
  disabled,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  details: BusinessDetails;
  errors: BusinessErrors;
  onChange: (details: BusinessDetails) => void;
  disabled: boolean;
}) {
  const panelId = useId();
  return (
    <section className={styles.section} aria-labelledby={`${panelId}-title`}>
      <h2 className={styles.businessHeading}>
        <button
          type="button"
          id={`${panelId}-title`}
          className={styles.businessToggle}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(!open)}
        >
          <span>
            <span className={styles.businessTitle}>Add GST details for business purchase</span>
            <span className={styles.methodHint}>Optional · for a tax invoice in your business’s name</span>
          </span>
          <ChevronDownIcon size={20} className={styles.businessChevron} data-open={open || undefined} aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className={styles.businessFields}>
        {open && (
          <>
            <Field
              label="Business GSTIN"
              name="businessGstin"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={15}
              hint="15 characters, like 27AAPFU0939F1ZV."
              value={details.businessGstin}
              disabled={disabled}
              error={errors.businessGstin}
              onChange={(event) => onChange({ ...details, businessGstin: event.target.value.toUpperCase() })}
            />
            <Field
              label="Business name"
              name="businessName"
              autoComplete="organization"
              maxLength={120}
              hint="As registered for GST."
              value={details.businessName}
              disabled={disabled}
              error={errors.businessName}
              onChange={(event) => onChange({ ...details, businessName: event.target.value })}
            />
          </>
        )}
      </div>
    </section>
  );
}
