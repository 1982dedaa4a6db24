// The sign-in popup's content (SPEC §2, §4, §5): login and create account toggle with a form
// reset; a show-password checkbox; Continue with Google; and the Forgot Password steps email →
// otp → reset → back to login. The popup (SignInDialog) and the /login page both show it.
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { Button } from '../../../components/Button';
import { Checkbox, Field, FormAlert, formStyles, useInvalidFocus } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { brand } from '../../../lib/brand';
import { toastShown, type ToastType } from '../../../lib/toast';
import { shippingPromise } from '../../../lib/shippingTerms';
import {
  useForgotPasswordMutation,
  useGoogleLoginMutation,
  useLoginMutation,
  useRegisterMutation,
  useGetMarketingWordingsQuery,
  useResetPasswordMutation,
  useVerifyOtpMutation,
} from '../api';
import type { SignInMode } from '../accountSlice';
import type { FieldErrors, Session } from '../types';
import {
  digitsOnly,
  errorMessage,
  fieldErrors,
  validateForgotEmail,
  validateLogin,
  validateNewPassword,
  validateOtp,
  validateRegister,
} from '../validation';
import { GoogleSignInButton } from './GoogleSignInButton';
import styles from './SignIn.module.css';

/** SPEC §4: the forgot-password steps; 'none' shows the login or register form. */
export type ForgotStep = 'none' | 'email' | 'otp' | 'reset';

export interface SignInPanelProps {
  initialMode?: SignInMode;
  /** Why sign-in was asked for ('Please login first'). */
  notice?: string;
  /** The id the heading gets, for the dialog's aria-labelledby. */
  titleId: string;
  /** A session was made: store it and move on (SPEC §4 After login). */
  onSignedIn: (session: Session) => void;
  /** Told when the form switches, so a page can follow in its URL. */
  onModeChange?: (mode: SignInMode) => void;
  /** Gets the first field of the first form (the dialog focuses it when it opens). */
  firstFieldRef?: Ref<HTMLInputElement>;
  /** In the popup the form scrolls inside the dialog; on a page the page scrolls. */
  inDialog?: boolean;
}

const titles: Record<SignInMode | Exclude<ForgotStep, 'none'>, [string, string]> = {
  login: ['Welcome back', 'Sign in to see your orders, saved addresses and wishlist.'],
  register: ['Create your account', 'Save your addresses and favourite pieces, and check out faster.'],
  email: ['Forgot password', 'Enter the e-mail of your account and we will send you a 6-digit code.'],
  otp: ['Enter your code', ''],
  reset: ['Choose a new password', 'Use at least 8 characters. You will sign in with it from now on.'],
};

export function SignInPanel({
  initialMode = 'login',
  notice,
  titleId,
  onSignedIn,
  onModeChange,
  firstFieldRef,
  inDialog = false,
}: SignInPanelProps) {
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [step, setStep] = useState<ForgotStep>('none');
  const [resetEmail, setResetEmail] = useState('');
  /** A new key remounts the form: switching modes resets every field (SPEC §4). */
  const [formKey, setFormKey] = useState(0);
  const [googleLogin] = useGoogleLoginMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // After a switch, the first field of the new form gets focus (the heading says where we are).
    const form = heading.current?.closest('[data-sign-in]')?.querySelector<HTMLElement>('input:not([type=checkbox])');
    form?.focus();
  }, [mode, step, formKey]);

  const toast = (message: string, type: ToastType = 'success') => dispatch(toastShown({ message, type }));

  function switchMode(next: SignInMode) {
    setMode(next);
    setStep('none');
    setFormKey((key) => key + 1);
    onModeChange?.(next);
  }

  function backToLogin(email = '') {
    setResetEmail(email);
    setStep('none');
    setMode('login');
    setFormKey((key) => key + 1);
    onModeChange?.('login');
  }

  async function signInWithGoogle(credential: string) {
    try {
      onSignedIn(await googleLogin({ credential }).unwrap());
    } catch (error) {
      toast(errorMessage(error, 'Google login failed'), 'error');
    }
  }

  const view = step === 'none' ? mode : step;
  const [title, lede] = titles[view];

  return (
    <div className={`${styles.panel} ${inDialog ? styles.inDialog : ''}`} data-sign-in data-view={view}>
      <aside className={styles.aside} aria-hidden="true">
        <p className={styles.asideBrand}>{brand.name}</p>
        <p className={styles.asideQuote}>Dressed for the first meeting of the day, and the last.</p>
        <ul className={styles.asideList}>
          <li>{shippingPromise()}</li>
          <li>Addresses saved for checkout</li>
          <li>A wishlist that follows you</li>
        </ul>
      </aside>
      <div className={styles.main}>
        <p className={styles.eyebrow}>{step === 'none' ? (mode === 'login' ? 'Sign in' : 'New account') : 'Password reset'}</p>
        <h2 id={titleId} ref={heading} className={styles.title} tabIndex={-1}>
          {title}
        </h2>
        {view === 'otp' ? (
          <p className={styles.lede}>
            We sent a 6-digit code to <strong>{resetEmail}</strong>. It expires in 10 minutes.
          </p>
        ) : (
          lede && <p className={styles.lede}>{lede}</p>
        )}
        {notice && step === 'none' && <FormAlert tone="info">{notice}</FormAlert>}

        {step === 'none' && mode === 'login' && (
          <LoginForm
            key={formKey}
            initialEmail={resetEmail}
            onSignedIn={onSignedIn}
            onForgot={() => setStep('email')}
            toast={toast}
            firstFieldRef={formKey === 0 ? firstFieldRef : undefined}
          />
        )}
        {step === 'none' && mode === 'register' && (
          <RegisterForm key={formKey} onSignedIn={onSignedIn} toast={toast} firstFieldRef={formKey === 0 ? firstFieldRef : undefined} />
        )}
        {step === 'email' && (
          <ForgotEmailForm
            initialEmail={resetEmail}
            toast={toast}
            onSent={(email) => {
              setResetEmail(email);
              setStep('otp');
            }}
            onBack={() => backToLogin()}
          />
        )}
        {step === 'otp' && (
          <OtpForm email={resetEmail} toast={toast} onVerified={() => setStep('reset')} onBack={() => backToLogin()} />
        )}
        {step === 'reset' && <ResetForm email={resetEmail} toast={toast} onDone={() => backToLogin(resetEmail)} onBack={() => backToLogin()} />}

        {step === 'none' && (
          <>
            <div className={styles.divider}>
              <span>or</span>
            </div>
            <GoogleSignInButton onCredential={signInWithGoogle} text={mode === 'login' ? 'continue_with' : 'signup_with'} />
            <p className={styles.switch}>
              {mode === 'login' ? 'New to drape?' : 'Already have an account?'}{' '}
              <button type="button" className={styles.textButton} onClick={() => switchMode(mode === 'login' ? 'register' : 'login')}>
                {mode === 'login' ? 'Create an account' : 'Sign in'}
              </button>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

type Toaster = (message: string, type?: ToastType) => void;

function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
      {busy && <Spinner size={16} />}
      {children}
    </Button>
  );
}

function usePasswordToggle() {
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  const toggle = <Checkbox label="Show password" checked={shown} onChange={(event) => setShown(event.target.checked)} />;
  return { type, toggle };
}

/** A failed call: the server's message beside the form and as a toast, its field messages beside the fields. */
function useFailure(toast: Toaster) {
  const [alert, setAlert] = useState('');
  return {
    alert,
    clear: () => setAlert(''),
    /** A form-level validation message: beside the form only. */
    show: setAlert,
    fail(error: unknown, fallback?: string): Record<string, string> {
      const message = errorMessage(error, fallback);
      setAlert(message);
      toast(message, 'error');
      return fieldErrors(error);
    },
  };
}

function LoginForm({
  initialEmail,
  onSignedIn,
  onForgot,
  toast,
  firstFieldRef,
}: {
  initialEmail: string;
  onSignedIn: (session: Session) => void;
  onForgot: () => void;
  toast: Toaster;
  firstFieldRef?: Ref<HTMLInputElement>;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [login, { isLoading }] = useLoginMutation();
  const failure = useFailure(toast);
  const password$ = usePasswordToggle();
  const { form, focusInvalid } = useInvalidFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    failure.clear();
    const problems = validateLogin({ email, password });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusInvalid();
    try {
      onSignedIn(await login({ email: email.trim(), password }).unwrap());
    } catch (error) {
      setErrors(failure.fail(error));
    }
  }

  return (
    <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Sign in">
      <FormAlert>{failure.alert}</FormAlert>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        inputRef={firstFieldRef}
      />
      <Field
        label="Password"
        type={password$.type}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
      />
      <div className={styles.between}>
        {password$.toggle}
        <button type="button" className={styles.textButton} onClick={onForgot}>
          Forgot Password?
        </button>
      </div>
      <Submit busy={isLoading}>Sign in</Submit>
    </form>
  );
}

function RegisterForm({
  onSignedIn,
  toast,
  firstFieldRef,
}: {
  onSignedIn: (session: Session) => void;
  toast: Toaster;
  firstFieldRef?: Ref<HTMLInputElement>;
}) {
  const [fields, setFields] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [register, { isLoading }] = useRegisterMutation();
  const { data: wordings } = useGetMarketingWordingsQuery();
  const [marketing, setMarketing] = useState<Record<string, boolean>>({});
  const failure = useFailure(toast);
  const password$ = usePasswordToggle();
  const { form, focusInvalid } = useInvalidFocus();
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    failure.clear();
    const problems = validateRegister(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusInvalid();
    try {
      const shown = wordings?.[0];
      const consent = shown ? { marketing: { channels: marketing, version: shown.version } } : {};
      onSignedIn(await register({ firstName: fields.name.trim(), email: fields.email.trim(), password: fields.password, ...consent }).unwrap());
    } catch (error) {
      const server = failure.fail(error);
      setErrors({ name: server.firstName, email: server.email, password: server.password });
    }
  }

  return (
    <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Create account">
      <FormAlert>{failure.alert}</FormAlert>
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        value={fields.name}
        onChange={set('name')}
        error={errors.name}
        inputRef={firstFieldRef}
      />
      <Field label="Email" type="email" name="email" autoComplete="email" value={fields.email} onChange={set('email')} error={errors.email} />
      <Field
        label="Password"
        type={password$.type}
        name="new-password"
        autoComplete="new-password"
        value={fields.password}
        onChange={set('password')}
        error={errors.password}
        hint="At least 8 characters."
      />
      <Field
        label="Confirm password"
        type={password$.type}
        name="confirm-password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      {password$.toggle}
      {wordings && wordings.length > 0 && (
        <fieldset className={styles.marketing}>
          <legend>Sale news and offers (optional)</legend>
          {wordings.map((w) => (
            <Checkbox
              key={w.channel}
              label={w.text}
              checked={Boolean(marketing[w.channel])}
              onChange={(event) => {
                const ticked = event.target.checked;
                setMarketing((current) => ({ ...current, [w.channel]: ticked }));
              }}
            />
          ))}
        </fieldset>
      )}
      <Submit busy={isLoading}>Create account</Submit>
      <p className={styles.fineprint}>By creating an account you agree to our terms and privacy policy.</p>
    </form>
  );
}

function BackToLogin({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className={`${styles.textButton} ${styles.back}`} onClick={onBack}>
      Back to Login
    </button>
  );
}

function ForgotEmailForm({
  initialEmail,
  onSent,
  onBack,
  toast,
}: {
  initialEmail: string;
  onSent: (email: string) => void;
  onBack: () => void;
  toast: Toaster;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sendCode, { isLoading }] = useForgotPasswordMutation();
  const failure = useFailure(toast);
  const { form, focusInvalid } = useInvalidFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    failure.clear();
    const problems = validateForgotEmail(email);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusInvalid();
    try {
      toast((await sendCode({ email: email.trim() }).unwrap()) || 'OTP sent to your email');
      onSent(email.trim());
    } catch (error) {
      setErrors(failure.fail(error));
    }
  }

  return (
    <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Forgot password">
      <FormAlert>{failure.alert}</FormAlert>
      <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} />
      <Submit busy={isLoading}>Send OTP</Submit>
      <BackToLogin onBack={onBack} />
    </form>
  );
}

function OtpForm({ email, onVerified, onBack, toast }: { email: string; onVerified: () => void; onBack: () => void; toast: Toaster }) {
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [verify, { isLoading }] = useVerifyOtpMutation();
  const [resend, { isLoading: resending }] = useForgotPasswordMutation();
  const failure = useFailure(toast);
  const { form, focusInvalid } = useInvalidFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    failure.clear();
    const problems = validateOtp(otp);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusInvalid();
    try {
      toast((await verify({ email, otp: otp.trim() }).unwrap()) || 'OTP verified');
      onVerified();
    } catch (error) {
      setErrors(failure.fail(error));
    }
  }

  async function sendAgain() {
    failure.clear();
    try {
      toast((await resend({ email }).unwrap()) || 'OTP sent to your email');
    } catch (error) {
      failure.fail(error);
    }
  }

  return (
    <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Verify OTP">
      <FormAlert>{failure.alert}</FormAlert>
      <Field
        label="OTP"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className={styles.otp}
        value={otp}
        onChange={(event) => setOtp(digitsOnly(event.target.value, 6))}
        error={errors.otp}
      />
      <Submit busy={isLoading}>Verify OTP</Submit>
      <div className={styles.between}>
        <BackToLogin onBack={onBack} />
        <button type="button" className={styles.textButton} onClick={sendAgain} disabled={resending}>
          Send a new code
        </button>
      </div>
    </form>
  );
}

function ResetForm({ email, onDone, onBack, toast }: { email: string; onDone: () => void; onBack: () => void; toast: Toaster }) {
  const [fields, setFields] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reset, { isLoading }] = useResetPasswordMutation();
  const failure = useFailure(toast);
  const password$ = usePasswordToggle();
  const { form, focusInvalid } = useInvalidFocus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    failure.clear();
    const problems = validateNewPassword(fields);
    setErrors(problems);
    if (problems.form) failure.show(problems.form);
    if (Object.keys(problems).length > 0) return focusInvalid();
    try {
      toast((await reset({ email, newPassword: fields.newPassword }).unwrap()) || 'Password updated successfully');
      onDone();
    } catch (error) {
      const server = failure.fail(error);
      setErrors({ newPassword: server.newPassword ?? server.password });
    }
  }

  const bothMissing = Boolean(errors.form);
  return (
    <form ref={form} className={formStyles.form} onSubmit={submit} noValidate aria-label="Reset password">
      <FormAlert>{failure.alert}</FormAlert>
      <Field
        label="New password"
        type={password$.type}
        name="new-password"
        autoComplete="new-password"
        value={fields.newPassword}
        onChange={(event) => setFields((current) => ({ ...current, newPassword: event.target.value }))}
        error={errors.newPassword}
        invalid={bothMissing && !fields.newPassword}
      />
      <Field
        label="Confirm new password"
        type={password$.type}
        name="confirm-password"
        autoComplete="new-password"
        value={fields.confirmPassword}
        onChange={(event) => setFields((current) => ({ ...current, confirmPassword: event.target.value }))}
        error={errors.confirmPassword}
        invalid={bothMissing && !fields.confirmPassword}
      />
      {password$.toggle}
      <Submit busy={isLoading}>Update password</Submit>
      <BackToLogin onBack={onBack} />
    </form>
  );
}
