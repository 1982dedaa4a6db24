import { useId, useRef } from 'react';
import { Dialog } from '../../../components/Dialog';
import type { SignInPrompt } from '../accountSlice';
import type { Session } from '../types';
import { SignInPanel } from './SignInPanel';
import styles from './SignInDialog.module.css';

/** The sign-in popup (SPEC §2): the sign-in panel in a modal dialog, its first field focused. */
export function SignInDialog({
  prompt,
  onClose,
  onSignedIn,
}: {
  prompt: SignInPrompt;
  onClose: () => void;
  onSignedIn: (session: Session) => void;
}) {
  const titleId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog} variant="sheet" initialFocus={firstField} closeLabel="Close sign in">
      <SignInPanel
        initialMode={prompt.mode}
        notice={prompt.notice}
        titleId={titleId}
        onSignedIn={onSignedIn}
        firstFieldRef={firstField}
        inDialog
      />
    </Dialog>
  );
}
