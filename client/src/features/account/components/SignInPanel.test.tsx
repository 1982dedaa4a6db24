import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '../../../app/renderWithProviders';
import { ToastViewport } from '../../ui/components/ToastViewport';
import { aSession, aUser } from '../../../test/fixtures';
import { pending, serve, type Answer } from '../../../test/serve';
import type { Session } from '../types';
import { SignInPanel } from './SignInPanel';

const noGoogle = { '/api/config': { body: envelope({ googleClientId: '', googleScriptUrl: '' }) } };

function renderPanel(answers: Record<string, Answer> = {}, props: Partial<Parameters<typeof SignInPanel>[0]> = {}) {
  const asked = serve({ ...noGoogle, ...answers });
  const onSignedIn = vi.fn<(session: Session) => void>();
  const view = renderWithProviders(
    <>
      <SignInPanel titleId="sign-in-title" onSignedIn={onSignedIn} {...props} />
      <ToastViewport />
    </>,
  );
  return { ...view, asked, onSignedIn };
}

const form = (name: string) => screen.getByRole('form', { name });
const toasts = () => screen.getByRole('region', { name: 'Notifications' });
afterEach(() => {
  delete window.google;
});

describe('sign-in popup: login', () => {
  it('opens on the login form with a show-password checkbox, Forgot Password and Create an account', async () => {
    renderPanel();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toHaveAttribute('id', 'sign-in-title');
    const password = within(form('Sign in')).getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeInTheDocument();
    expect(await screen.findByText('Google sign-in is unavailable right now. Please use your e-mail.')).toBeInTheDocument();
  });

  it('asks for the e-mail and the password before calling the server', async () => {
    const { asked } = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(within(form('Sign in')).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(asked.some((url) => url.pathname === '/api/login')).toBe(false);
  });

  it('signs in: the session (token, user, welcome) goes to onSignedIn', async () => {
    const { onSignedIn } = renderPanel({ '/api/login': { body: aSession(aUser(), 'jwt-login', 'Welcome Riya Kapoor') } });
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'tailored-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(onSignedIn.mock.calls[0]![0]).toMatchObject({ token: 'jwt-login', message: 'Welcome Riya Kapoor', user: { email: 'riya@example.com' } });
  });

  it("shows the server's message beside the form and as a toast", async () => {
    const { onSignedIn } = renderPanel({
      '/api/login': { status: 400, body: { code: 400, success: false, message: 'Invalid email or password', data: null } },
    });
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await within(form('Sign in')).findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(within(toasts()).getByText('Invalid email or password')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("falls back to 'An error occurred.' when the server says nothing useful", async () => {
    renderPanel({ '/api/login': () => Promise.resolve(new Response('<html>bad gateway</html>', { status: 502 })) });
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'tailored-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await within(form('Sign in')).findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('disables Sign in while the call is on its way', async () => {
    renderPanel({ '/api/login': pending });
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'tailored-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });
});

describe('sign-in popup: create account', () => {
  it('switches to the register form with every field empty again (SPEC §4: toggle with a form reset)', async () => {
    renderPanel();
    await userEvent.type(screen.getByLabelText('Email'), 'typed@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(within(form('Create account')).getByLabelText('Email')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(within(form('Sign in')).getByLabelText('Email')).toHaveValue('');
  });

  it('says every register message (SPEC §5)', async () => {
    renderPanel({}, { initialMode: 'register' });
    const create = screen.getByRole('button', { name: 'Create account' });
    await userEvent.click(create);
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Full name'), 'Riya Kapoor');
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'tailored-2026');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'tailored-2025');
    await userEvent.click(create);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
  });

  it('registers with the full name as firstName and hands over the session', async () => {
    const requests: Request[] = [];
    serve({ ...noGoogle });
    const onSignedIn = vi.fn();
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request.clone());
      const path = new URL(request.url).pathname;
      const body = path === '/api/register' ? aSession(aUser(), 'jwt-new', 'Registration successful!') : noGoogle['/api/config'].body;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderWithProviders(<SignInPanel titleId="t" initialMode="register" onSignedIn={onSignedIn} />);
    await userEvent.type(screen.getByLabelText('Full name'), '  Riya Kapoor ');
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'tailored-2026');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'tailored-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(onSignedIn.mock.calls[0]![0]).toMatchObject({ token: 'jwt-new', message: 'Registration successful!' });
    const sent = requests.find((request) => new URL(request.url).pathname === '/api/register')!;
    expect(await sent.json()).toEqual({ firstName: 'Riya Kapoor', email: 'riya@example.com', password: 'tailored-2026' });
  });

  it("puts the server's field messages beside the fields ('Email already exists')", async () => {
    renderPanel(
      { '/api/register': { status: 409, body: { code: 409, success: false, message: 'Email already exists', data: null, errors: { email: 'Email already exists' } } } },
      { initialMode: 'register' },
    );
    await userEvent.type(screen.getByLabelText('Full name'), 'Riya');
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'tailored-2026');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'tailored-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = within(form('Create account')).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email already exists');
  });
});

describe('sign-in popup: Continue with Google', () => {
  function fakeGoogle() {
    let callback: ((response: { credential: string }) => void) | undefined;
    const initialize = vi.fn((config: { client_id: string; callback: (response: { credential: string }) => void }) => {
      callback = config.callback;
    });
    window.google = {
      accounts: {
        id: {
          initialize,
          renderButton: (parent: HTMLElement) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Continue with Google';
            button.addEventListener('click', () => callback?.({ credential: 'google-id-token' }));
            parent.replaceChildren(button);
          },
        },
      },
    };
    return { initialize };
  }
  const googleConfig = { '/api/config': { body: envelope({ googleClientId: 'drape.apps.example', googleScriptUrl: 'https://gsi.example/client' }) } };

  it("renders Google's button with the configured client and signs in with the credential", async () => {
    const { initialize } = fakeGoogle();
    const { onSignedIn } = renderPanel({ ...googleConfig, '/api/auth/google': { body: aSession(aUser({ firstName: 'Aarav' }), 'jwt-google', 'Welcome Aarav') } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'drape.apps.example' }));
    expect(onSignedIn.mock.calls[0]![0]).toMatchObject({ token: 'jwt-google', message: 'Welcome Aarav' });
  });

  it("says 'Google login failed' when the server refuses the credential", async () => {
    fakeGoogle();
    const { onSignedIn } = renderPanel({
      ...googleConfig,
      '/api/auth/google': { status: 401, body: { code: 401, success: false, message: 'Google login failed', data: null } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await within(toasts()).findByText('Google login failed')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe('sign-in popup: forgot password (email → otp → reset → login)', () => {
  it('walks the three steps with every message, then returns to login with the e-mail filled in', async () => {
    const requests: { path: string; body: unknown }[] = [];
    const answers: Record<string, unknown> = {
      '/api/config': noGoogle['/api/config'].body,
      '/api/forgotpassword': envelope(null, 200, 'OTP sent to your email'),
      '/api/otpverify': envelope(null, 200, 'OTP verified'),
      '/api/updatepassword': envelope(null, 200, 'Password updated successfully'),
    };
    let otpAnswers = [{ status: 400, body: { code: 400, success: false, message: 'Invalid OTP', data: null } }];
    vi.stubGlobal('fetch', async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'POST') requests.push({ path, body: await request.clone().json() });
      const early = path === '/api/otpverify' ? otpAnswers.shift() : undefined;
      const status = early?.status ?? 200;
      return new Response(JSON.stringify(early?.body ?? answers[path]), { status, headers: { 'Content-Type': 'application/json' } });
    });
    renderWithProviders(
      <>
        <SignInPanel titleId="t" onSignedIn={vi.fn()} />
        <ToastViewport />
      </>,
    );

    // Step 1: the e-mail.
    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(screen.getByText('Please enter your email')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await within(toasts()).findByText('OTP sent to your email')).toBeInTheDocument();

    // Step 2: the code.
    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(screen.getByText('riya@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(screen.getByText('Enter OTP')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('OTP'), '12a34 56');
    expect(screen.getByLabelText('OTP')).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await within(form('Verify OTP')).findByRole('alert')).toHaveTextContent('Invalid OTP');
    await userEvent.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await within(toasts()).findByText('OTP verified')).toBeInTheDocument();

    // Step 3: the new password.
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    const update = screen.getByRole('button', { name: 'Update password' });
    await userEvent.click(update);
    await waitFor(() => expect(within(form('Reset password')).getByRole('alert')).toHaveTextContent('Both password fields are required'));
    await userEvent.type(screen.getByLabelText('New password'), 'a-new-cut-2026');
    await userEvent.click(update);
    await waitFor(() => expect(within(form('Reset password')).getByRole('alert')).toHaveTextContent('Both password fields are required'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-cut-2025');
    await userEvent.click(update);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a-new-cut-2026');
    await userEvent.click(update);
    expect(await within(toasts()).findByText('Password updated successfully')).toBeInTheDocument();

    // Back to login, the e-mail kept.
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(within(form('Sign in')).getByLabelText('Email')).toHaveValue('riya@example.com');
    expect(requests).toEqual([
      { path: '/api/forgotpassword', body: { email: 'riya@example.com' } },
      { path: '/api/otpverify', body: { email: 'riya@example.com', otp: '123456' } },
      { path: '/api/otpverify', body: { email: 'riya@example.com', otp: '123456' } },
      { path: '/api/updatepassword', body: { email: 'riya@example.com', newPassword: 'a-new-cut-2026' } },
    ]);
    otpAnswers = [];
  });

  it("'Back to Login' leaves every step", async () => {
    renderPanel({ '/api/forgotpassword': { body: envelope(null, 200, 'OTP sent to your email') } });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'riya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('shows why sign-in was asked for', () => {
    renderPanel({}, { notice: 'Please login first' });
    expect(screen.getByRole('status')).toHaveTextContent('Please login first');
  });
});
