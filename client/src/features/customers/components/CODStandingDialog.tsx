// A person's cash-on-delivery standing (Back office → Customers → COD): how many of their orders
// came back to origin against the shop's limit, whether they may pay on delivery, and an admin's
// word over the limit (always allow, never allow, or follow the limit) with a note. Staff read
// it; only admins change it, and the server keeps the change in the audit log.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Field, FormAlert, formStyles } from '../../../components/Form';
import styles from '../../../components/BackOfficeList.module.css';
import { Spinner } from '../../../components/Spinner';
import type { ApiError } from '../../../lib/api';
import { useGetCODStandingQuery, useSetCODOverrideMutation } from '../api';
import { personName } from '../list';
import type { CODStanding, Customer } from '../types';

type Rule = 'limit' | 'allow' | 'refuse';

const rules: { value: Rule; label: string }[] = [
  { value: 'limit', label: 'Follow the shop’s limit' },
  { value: 'allow', label: 'Always allow cash on delivery' },
  { value: 'refuse', label: 'Never allow cash on delivery' },
];

const ruleOf = (standing: CODStanding): Rule => (standing.override === null ? 'limit' : standing.override ? 'allow' : 'refuse');
const overrideOf = (rule: Rule): boolean | null => (rule === 'limit' ? null : rule === 'allow');

/** codStandingText says where a person stands, as the dialog's first line reads. */
export function codStandingText(standing: CODStanding): string {
  const returned = `${standing.rtoOrders} ${standing.rtoOrders === 1 ? 'order' : 'orders'} returned to origin`;
  const limit = standing.rtoLimit > 0 ? ` (the limit is ${standing.rtoLimit})` : ' (the shop sets no limit)';
  const word = standing.override === null ? '' : standing.override ? ' An admin allows it whatever the count.' : ' An admin has turned it off.';
  return `${returned}${limit}. Cash on delivery is ${standing.allowed ? 'offered' : 'not offered'}.${word}`;
}

export function CODStandingDialog({ person, canChange, onClose }: { person: Customer; canChange: boolean; onClose: () => void }) {
  const titleId = useId();
  const standing = useGetCODStandingQuery(person._id);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog}>
      <h2 id={titleId}>Cash on delivery for {personName(person)}</h2>
      {standing.isLoading && <Spinner size={20} />}
      {standing.isError && <FormAlert>{(standing.error as Partial<ApiError>).message || 'The standing could not be loaded.'}</FormAlert>}
      {standing.data && (
        <StandingForm standing={standing.data} canChange={canChange} onClose={onClose} />
      )}
    </Dialog>
  );
}

function StandingForm({ standing, canChange, onClose }: { standing: CODStanding; canChange: boolean; onClose: () => void }) {
  const legendId = useId();
  const [rule, setRule] = useState<Rule>(ruleOf(standing));
  const [note, setNote] = useState(standing.note);
  const [save, call] = useSetCODOverrideMutation();
  const [saved, setSaved] = useState(false);
  const failure = call.error as Partial<ApiError> | undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    try {
      await save({ id: standing.userId, override: overrideOf(rule), note: note.trim() }).unwrap();
      setSaved(true);
    } catch {
      // Shown below from the call's error.
    }
  }

  return (
    <form onSubmit={submit} className={formStyles.form} noValidate>
      <p data-testid="cod-standing">{codStandingText(standing)}</p>
      <fieldset className={formStyles.choices} aria-labelledby={legendId} disabled={!canChange}>
        <span id={legendId} className={formStyles.legend}>
          Rule for this customer
        </span>
        {rules.map((choice) => (
          <label key={choice.value} className={formStyles.option}>
            <input type="radio" name="cod-rule" value={choice.value} checked={rule === choice.value} onChange={() => setRule(choice.value)} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <Field
        label="Note"
        optional
        value={note}
        maxLength={500}
        disabled={!canChange}
        error={failure?.errors?.note}
        hint="Why, for the next person who reads it: a call made, a dispute settled."
        onChange={(event) => setNote(event.target.value)}
      />
      {failure && !failure.errors?.note && <FormAlert>{failure.message || 'The rule could not be saved.'}</FormAlert>}
      {saved && <FormAlert tone="success">Saved. Checkout follows it from the next order.</FormAlert>}
      {!canChange && <FormAlert tone="info">Only an admin can change this.</FormAlert>}
      <div className={styles.actions}>
        {canChange && (
          <Button type="submit" disabled={call.isLoading} aria-busy={call.isLoading || undefined}>
            {call.isLoading && <Spinner size={16} />}
            Save rule
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </form>
  );
}
