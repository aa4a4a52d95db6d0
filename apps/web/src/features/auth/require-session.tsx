/**
 * The admin shell's guard: the shell renders only while a token is held; otherwise the
 * visitor goes to /login. A held token is checked once against the server (`GET /api/user-profile`):
 * a revoked or expired session answers 401 and the app's 401 rule signs out and goes to /login.
 * The answer also refreshes the stored staff member (name, phone).
 */
import { useEffect, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { useSignedInProfileQuery } from '../../shared/session/session-api';
import { selectSession, userUpdated, type SessionState } from '../../shared/session/session-slice';

function SessionCheck({ children }: { children: ReactNode }) {
  const dispatch = useDispatch();
  const { data: user } = useSignedInProfileQuery();
  useEffect(() => {
    if (user) dispatch(userUpdated(user));
  }, [user, dispatch]);
  return <>{children}</>;
}

export function RequireSession({ children }: { children: ReactNode }) {
  const token = useSelector((state: { session: SessionState }) => selectSession(state).accessToken);
  if (!token) return <Navigate to="/login" replace />;
  return <SessionCheck>{children}</SessionCheck>;
}
