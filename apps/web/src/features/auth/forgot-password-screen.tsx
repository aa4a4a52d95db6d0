/**
 * /forgotPassword: the email of a staff account, 'Get Link', 'Back to Login'. The
 * server answers the same whether or not the email exists; its message is shown here and toasted.
 */
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { forgotPasswordSchema } from '@registrar/contract/auth';
import { requestFailed, requestSucceeded } from '../../shared/state/services-slice';
import { selectSession, type SessionState } from '../../shared/session/session-slice';
import { requestPasswordReset } from './api/auth-api';
import { AuthLayout, BackToLogin, SubmitButton } from './auth-layout';
import { publicFailureMessage } from '../../shared/api/public-failure';
import { useFocusOnMount } from './use-focus-on-mount';
import { EMAIL_INPUT, TextInput } from '../../shared/form/form-kit';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';

type Outcome = { kind: 'sent'; message: string; email: string } | { kind: 'failed'; message: string } | null;

function LinkSent({ message, email, onAgain }: { message: string; email: string; onAgain: () => void }) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Check your email
      </h1>
      <p className="auth-notice auth-notice--success" role="status">
        {message}
      </p>
      <p className="auth-lead">
        The link works once and expires after 30 minutes. Nothing yet? Look in the spam folder of{' '}
        <strong className="auth-break">{email}</strong>, or{' '}
        <button type="button" className="link-button" onClick={onAgain}>
          send another link
        </button>
        .
      </p>
      <BackToLogin />
    </>
  );
}

export function ForgotPasswordScreen() {
  const dispatch = useDispatch();
  const signedInAlready = useSelector((state: { session: SessionState }) => Boolean(selectSession(state).accessToken));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useOnTouchedForm({ email: '' }, validateWith(forgotPasswordSchema));
  const isSubmitting = form.submitting;

  if (signedInAlready) return <Navigate to="/dashboard" replace />;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      const { message } = await requestPasswordReset({ email });
      dispatch(requestSucceeded(message));
      setOutcome({ kind: 'sent', message, email });
    } catch (err) {
      const message = publicFailureMessage(err);
      dispatch(requestFailed(message));
      setOutcome({ kind: 'failed', message });
    }
  });

  return (
    <AuthLayout>
      {outcome?.kind === 'sent' ? (
        <LinkSent message={outcome.message} email={outcome.email} onAgain={() => setOutcome(null)} />
      ) : (
        <>
          <h1>Forgot your password?</h1>
          <p className="auth-lead">
            Enter the email of your staff account and we will send you a link to choose a new password.
          </p>
          {outcome?.kind === 'failed' && (
            <p className="auth-notice auth-notice--error" role="alert">
              {outcome.message}
            </p>
          )}
          <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isSubmitting}>
            <TextInput label="Email" {...EMAIL_INPUT} autoComplete="username" {...form.field('email')} />
            <SubmitButton busy={isSubmitting} busyLabel="Sending the link…">
              Get Link
            </SubmitButton>
          </form>
          <BackToLogin />
        </>
      )}
    </AuthLayout>
  );
}
