/**
 * /reset-password/:id: {id} is the reset token. New password and confirmation
 * (fields `newpassword`, `confirmpassword`), 'Reset Password'; sends `{ token, password,
 * confirmPassword }`. Success shows 'Your password has been successfully reset.' with Back to Login;
 * a call that cannot be made shows 'Network error', any other failure the server's message.
 * Unlike /login, this screen does not send signed-in staff away from here: a link opened while signed
 * in still works (the reset ends every session, this one included).
 */
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useParams } from 'react-router';
import { resetPasswordFormSchema } from '@registrar/contract/auth';
import { MESSAGES } from '@registrar/contract/messages';
import { baseApi } from '../../shared/api/base-api';
import { requestFailed, requestSucceeded } from '../../shared/state/services-slice';
import { signedOut } from '../../shared/session/session-slice';
import { resetPassword } from './api/auth-api';
import { AuthLayout, BackToLogin, SubmitButton } from './auth-layout';
import { PasswordField } from './form-fields';
import { publicFailureMessage } from '../../shared/api/public-failure';
import { useFocusOnMount } from './use-focus-on-mount';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';

function ResetDone() {
  const navigate = useNavigate();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Password reset
      </h1>
      <p className="auth-notice auth-notice--success" role="status">
        {MESSAGES.passwordResetDone}
      </p>
      <p className="auth-lead">Log in with your new password. Any other signed-in sessions have been ended.</p>
      <button type="button" className="auth-button" onClick={() => void navigate('/login')}>
        Back to Login
      </button>
    </>
  );
}

export function ResetPasswordScreen() {
  const dispatch = useDispatch();
  const { id: token = '' } = useParams();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useOnTouchedForm({ newpassword: '', confirmpassword: '' }, validateWith(resetPasswordFormSchema));
  const isSubmitting = form.submitting;

  const onSubmit = form.handleSubmit(async ({ newpassword, confirmpassword }) => {
    setFailure(null);
    try {
      const { message } = await resetPassword({ token, password: newpassword, confirmPassword: confirmpassword });
      // The reset ended every session: forget a token this browser may still hold.
      dispatch(signedOut());
      dispatch(baseApi.util.resetApiState());
      dispatch(requestSucceeded(message));
      setDone(true);
    } catch (err) {
      const message = publicFailureMessage(err);
      dispatch(requestFailed(message));
      setFailure(message);
    }
  });

  return (
    <AuthLayout>
      {done ? (
        <ResetDone />
      ) : (
        <>
          <h1>Choose a new password</h1>
          <p className="auth-lead">Use at least 8 characters, with upper- and lower-case letters.</p>
          {failure && (
            <div className="auth-notice auth-notice--error" role="alert">
              <p>{failure}</p>
              {failure !== MESSAGES.networkError && (
                <p>
                  <Link to="/forgotPassword">Request a new link</Link>
                </p>
              )}
            </div>
          )}
          <form className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={isSubmitting}>
            <PasswordField label="New password" autoComplete="new-password" {...form.field('newpassword')} />
            <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirmpassword')} />
            <SubmitButton busy={isSubmitting} busyLabel="Saving your new password…">
              Reset Password
            </SubmitButton>
          </form>
          <BackToLogin />
        </>
      )}
    </AuthLayout>
  );
}
