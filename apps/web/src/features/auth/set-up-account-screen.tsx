/**
 * /set-up-account/:id: the page an invitation opens ({id} is the invitation token). 'Set up your
 * account' at the institute, a password and its confirmation; success logs the person in and goes
 * to /dashboard. A used, expired or revoked link says so and who can send a new one.
 */
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordFormSchema } from '@registrar/contract/auth';
import { baseApi } from '../../shared/api/base-api';
import { requestFailed, requestSucceeded } from '../../shared/state/services-slice';
import { signedIn } from '../../shared/session/session-slice';
import { fetchInstituteName, setUpAccount } from './api/auth-api';
import { AuthLayout, SubmitButton } from './auth-layout';
import { PasswordField } from './form-fields';
import { publicFailureMessage } from '../../shared/api/public-failure';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';

export function SetUpAccountScreen() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { id: token = '' } = useParams();
  const [institute, setInstitute] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useOnTouchedForm({ newpassword: '', confirmpassword: '' }, validateWith(resetPasswordFormSchema));
  const isSubmitting = form.submitting;

  useEffect(() => {
    let live = true;
    fetchInstituteName().then(
      (name) => live && setInstitute(name),
      // Without it the page still works; it names the product instead.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const onSubmit = form.handleSubmit(async ({ newpassword, confirmpassword }) => {
    setFailure(null);
    try {
      const {
        token: session,
        data,
        message,
      } = await setUpAccount({
        token,
        password: newpassword,
        confirmPassword: confirmpassword,
      });
      // Whoever was signed in on this browser before gives way to the new account.
      dispatch(baseApi.util.resetApiState());
      dispatch(signedIn({ token: session, user: data.user }));
      dispatch(requestSucceeded(message));
      await navigate('/dashboard', { replace: true });
    } catch (err) {
      const message = publicFailureMessage(err);
      dispatch(requestFailed(message));
      setFailure(message);
    }
  });

  return (
    <AuthLayout {...(institute ? { brand: institute } : {})}>
      <h1>Set up your account</h1>
      <p className="auth-lead">
        {institute ? `Welcome to ${institute}. ` : 'Welcome. '}
        Choose a password for your staff account: at least 8 characters, with upper- and lower-case letters. You are
        logged in as soon as it is saved.
      </p>
      {failure && (
        <div className="auth-notice auth-notice--error" role="alert">
          <p>{failure}</p>
        </div>
      )}
      <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isSubmitting}>
        <PasswordField label="Password" autoComplete="new-password" {...form.field('newpassword')} />
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmpassword')} />
        <SubmitButton busy={isSubmitting} busyLabel="Setting up your account…">
          Set up my account
        </SubmitButton>
      </form>
      <p className="auth-row auth-row--center">
        <Link to="/login">Already set up? Login</Link>
      </p>
    </AuthLayout>
  );
}
