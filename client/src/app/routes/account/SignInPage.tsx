// /login, /signup and /userlogin (SPEC §2): the sign-in popup's forms as a page. The guards send
// signed-out visitors here with ?next=, and signing in goes back there.
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { Redirect } from '../../../components/Redirect';
import { selectSignInPrompt, selectToken } from '../../../features/account/accountSlice';
import { signInClosed } from '../../../features/account/actions';
import { SignInPanel } from '../../../features/account/components/SignInPanel';
import { accountPaths } from '../../../lib/accountPaths';
import { paths } from '../../../lib/paths';
import { loginFirstMessage } from '../../../lib/toast';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { safeNext, useSession } from '../../session';
import styles from './SignInPage.module.css';

export function SignInPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const next = safeNext(params.get('next'));
  const token = useAppSelector(selectToken);
  const prompt = useAppSelector(selectSignInPrompt);
  const [signedInBefore] = useState(Boolean(token));
  const [notice] = useState(() => prompt?.notice ?? (next ? loginFirstMessage : undefined));
  const { completeSignIn } = useSession();
  const titleId = useId();

  // The page takes the place of the popup.
  useEffect(() => {
    dispatch(signInClosed());
  }, [dispatch]);

  if (signedInBefore) return <Redirect to={next ?? accountPaths.userDashboard} />;

  const mode = pathname.toLowerCase() === accountPaths.signup ? 'register' : 'login';
  return (
    <div className={styles.page}>
      <title>{mode === 'register' ? 'Create your account — drape' : 'Sign in — drape'}</title>
      <div className={styles.card}>
        <SignInPanel
          initialMode={mode}
          notice={notice}
          titleId={titleId}
          onSignedIn={(session) => void completeSignIn(session, { to: next ?? paths.home })}
          onModeChange={(changed) => {
            const target = changed === 'register' ? accountPaths.signup : paths.login;
            navigate(params.toString() ? `${target}?${params}` : target, { replace: true });
          }}
        />
      </div>
    </div>
  );
}
