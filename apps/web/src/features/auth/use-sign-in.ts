/** Signing in from the login and lock screens: the session is kept and the dashboard opens. */
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { signedIn } from '../../shared/session/session-slice';
import { useLoginMutation } from './api/auth-api';

/** `onRefused` runs when the password is wrong (401); the services slice has toasted the server's message. */
export function useSignIn(onRefused: () => void) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const signIn = async (credentials: { email: string; password: string }) => {
    try {
      const { token, data } = await login(credentials).unwrap();
      dispatch(signedIn({ token, user: data.user }));
      await navigate('/dashboard', { replace: true });
    } catch (err) {
      if ((err as { status?: number }).status === 401) onRefused();
    }
  };
  return { signIn, isLoading };
}
