/**
 * /lockscreen: shows the last staff member who signed in on this device and a password
 * box. 'Login' signs them back in (a button that did nothing would strand them). 'Use Another Account'
 * goes to /login. Someone signed in goes to the dashboard.
 */
import { useSelector } from 'react-redux';
import { Link, Navigate } from 'react-router';
import { loginSchema } from '@registrar/contract/auth';
import { selectSession, type SessionState } from '../../shared/session/session-slice';
import { AuthLayout, SubmitButton } from './auth-layout';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';
import { PasswordField } from './form-fields';
import { useSignIn } from './use-sign-in';

const unlockSchema = loginSchema.pick({ password: true });

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((p) => p.charAt(0).toLocaleUpperCase()).join('') || '?';
}

export function LockScreen() {
  const session = useSelector((state: { session: SessionState }) => selectSession(state));
  const lastUser = session.lastUser;
  const form = useOnTouchedForm({ password: '' }, validateWith(unlockSchema));
  const { signIn, isLoading } = useSignIn(() => {
    form.reset('password', '');
    form.focus('password');
  });

  if (session.accessToken) return <Navigate to="/dashboard" replace />;

  if (!lastUser) {
    return (
      <AuthLayout variant="lock">
        <h1>Screen locked</h1>
        <p className="auth-lead">No one has signed in on this device yet, so there is no account to unlock.</p>
        <Link className="auth-button" to="/login">
          Use Another Account
        </Link>
      </AuthLayout>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) => signIn({ email: lastUser.email, password }));

  return (
    <AuthLayout variant="lock">
      <h1>Screen locked</h1>
      <div className="auth-person">
        <span className="auth-avatar" aria-hidden="true">
          {initials(lastUser.name)}
        </span>
        <div className="auth-person-text">
          <p className="auth-person-name">{lastUser.name}</p>
          <p className="auth-person-email auth-break">{lastUser.email}</p>
        </div>
      </div>
      <p className="auth-lead">Enter your password to continue where you left off.</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
        {/* Lets password managers match the saved login; not shown. */}
        <input type="email" name="username" autoComplete="username" value={lastUser.email} readOnly hidden />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <SubmitButton busy={isLoading} busyLabel="Signing in…">
          Login
        </SubmitButton>
      </form>
      <p className="auth-row auth-row--center">
        <Link to="/login">Use Another Account</Link>
      </p>
    </AuthLayout>
  );
}
