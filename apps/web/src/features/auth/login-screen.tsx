/**
 * /login: email and password with a show/hide toggle, errors after blur or a
 * submit attempt, 'Login' with a spinner while the call runs, and a Forgot Password link. Success
 * stores the token and the staff member and goes to /dashboard; a failure toasts the server's
 * message (through the services slice). Someone already signed in goes straight to /dashboard.
 */
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router';
import { loginSchema } from '@registrar/contract/auth';
import { selectSession, signedIn, type SessionState } from '../../shared/session/session-slice';
import { useLoginMutation } from './auth-api';
import { AuthLayout, BusyStatus } from './auth-layout';
import { ButtonSpinner, EMAIL_INPUT, TextInput } from '../../shared/form/form-kit';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';
import { PasswordField } from './form-fields';

export function LoginScreen() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const signedInAlready = useSelector((state: { session: SessionState }) => Boolean(selectSession(state).accessToken));
  const [login, { isLoading }] = useLoginMutation();
  const form = useOnTouchedForm({ email: '', password: '' }, validateWith(loginSchema));

  if (signedInAlready) return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      const { token, data } = await login(credentials).unwrap();
      dispatch(signedIn({ token, user: data.user }));
      await navigate('/dashboard', { replace: true });
    } catch (err) {
      // The services slice has toasted the server's message ('Invalid email or password').
      if ((err as { status?: number }).status === 401) {
        form.reset('password', '');
        form.focus('password');
      }
    }
  });

  return (
    <AuthLayout>
      <h1>Sign in</h1>
      <p className="auth-lead">Welcome back. Sign in to the admissions and fees console.</p>
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isLoading}>
        <TextInput label="Email" {...EMAIL_INPUT} autoComplete="username" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <div className="auth-row auth-row--end">
          <Link to="/forgotPassword">Forgot Password</Link>
        </div>
        <button type="submit" className="auth-button" aria-disabled={isLoading || undefined}>
          {isLoading && <ButtonSpinner />}
          Login
        </button>
        <BusyStatus busy={isLoading} label="Signing in…" />
      </form>
    </AuthLayout>
  );
}
