// A question before something that cannot be undone (deleting): what will happen, the action
// and Cancel, and the server's refusal shown in place when the action fails.
import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FormAlert } from './Form';
import { Spinner } from './Spinner';
import listStyles from './BackOfficeList.module.css';

export function ConfirmDialog({
  title,
  children,
  action,
  onConfirm,
  onClose,
}: {
  title: string;
  children?: ReactNode;
  /** The button's words, e.g. "Delete Blazers". */
  action: string;
  /** Does the thing; a thrown Error's message (or '') is shown and the dialog stays open. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  async function confirm() {
    setBusy(true);
    setAlert('');
    try {
      await onConfirm();
      onClose();
    } catch (failure) {
      setAlert((failure as Error).message || 'That did not work; try again');
      setBusy(false);
    }
  }
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={listStyles.dialog}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <FormAlert>{alert}</FormAlert>
      <div className={listStyles.actions}>
        <Button variant="primary" onClick={() => void confirm()} disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner size={16} />}
          {action}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
