import { selectSignInPrompt } from '../../features/account/accountSlice';
import { signInClosed } from '../../features/account/actions';
import { SignInDialog } from '../../features/account/components/SignInDialog';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useSession } from '../session';

/** The sign-in popup over the current page; signing in reloads it (SPEC §4). */
export function SignInPopup() {
  const dispatch = useAppDispatch();
  const prompt = useAppSelector(selectSignInPrompt);
  const { completeSignIn } = useSession();
  if (!prompt) return null;
  return (
    <SignInDialog
      prompt={prompt}
      onClose={() => dispatch(signInClosed())}
      onSignedIn={(session) => void completeSignIn(session)}
    />
  );
}
