/**
 * /login: email and password with a show/hide toggle, errors after blur or a
 * submit attempt, 'Login' with a spinner while the call runs, and a Forgot Password link. Success
 * stores the token and the staff member and goes to /dashboard; a failure toasts the server's
 * message (through the services slice). Someone already signed in goes straight to /dashboard.
 */
import { useSelector } from 'react-redux';
import { Link, Navigate } from 'react-router';
import { loginSchema } from '@registrar/contract/auth';
import { selectSession, type SessionState } from '../../shared/session/session-slice';
import { AuthLayout, SubmitButton } from './auth-layout';
import { EMAIL_INPUT, TextInput } from '../../shared/form/form-kit';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';
import { PasswordField } from './form-fields';
import { useSignIn } from './use-sign-in';

export function LoginScreen() {
  const signedInAlready = useSelector((state: { session: SessionState }) => Boolean(selectSession(state).accessToken));
  const form = useOnTouchedForm({ email: '', password: '' }, validateWith(loginSchema));
  const { signIn, isLoading } = useSignIn(() => {
    form.reset('password', '');
    form.focus('password');
  });

  if (signedInAlready) return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(signIn);

  return (
    <AuthLayout>
      <h1>Login</h1>
      <p className="auth-lead">Welcome back. Log in to the admissions and fees console.</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
        <TextInput label="Email" {...EMAIL_INPUT} autoComplete="username" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <div className="auth-row auth-row--end">
          <Link to="/forgotPassword">Forgot Password</Link>
        </div>
        <SubmitButton busy={isLoading} busyLabel="Signing in…">
          Login
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
