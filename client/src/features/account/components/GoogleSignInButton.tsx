import { useEffect, useRef, useState } from 'react';
import { useGetClientConfigQuery } from '../api';
import { loadGoogleIdentity, type GoogleButtonOptions } from '../google';
import styles from './SignIn.module.css';

/**
 * Continue with Google: Google's own button, rendered by the Identity Services script of
 * GET /api/config. Choosing an account hands `onCredential` an ID token for POST /api/auth/google.
 */
export function GoogleSignInButton({
  onCredential,
  text = 'continue_with',
}: {
  onCredential: (credential: string) => void;
  text?: GoogleButtonOptions['text'];
}) {
  const { data: config, isError } = useGetClientConfigQuery();
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [status, setStatus] = useState<'loading' | 'ready' | 'unavailable'>('loading');

  useEffect(() => {
    if (!config) return;
    if (!config.googleClientId || !config.googleScriptUrl) {
      setStatus('unavailable');
      return;
    }
    let current = true;
    loadGoogleIdentity(config.googleScriptUrl).then(
      (identity) => {
        if (!current || !slot.current) return;
        identity.initialize({
          client_id: config.googleClientId,
          callback: (response) => callback.current(response.credential),
        });
        identity.renderButton(slot.current, {
          type: 'standard',
          theme: document.documentElement.dataset.theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text,
          shape: 'rectangular',
          logo_alignment: 'center',
          width: Math.min(400, Math.round(slot.current.getBoundingClientRect().width) || 320),
        });
        setStatus('ready');
      },
      () => {
        if (current) setStatus('unavailable');
      },
    );
    return () => {
      current = false;
    };
  }, [config, text]);

  const unavailable = isError || status === 'unavailable';
  return (
    <div className={styles.google} data-status={unavailable ? 'unavailable' : status}>
      <div ref={slot} className={styles.googleSlot} hidden={unavailable} />
      {status === 'loading' && !unavailable && <span className={styles.googlePlaceholder} aria-hidden="true" />}
      {unavailable && <p className={styles.googleUnavailable}>Google sign-in is unavailable right now. Please use your e-mail.</p>}
    </div>
  );
}
