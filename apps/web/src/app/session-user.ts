/** The signed-in staff member's id, for screens the app composes (a feature takes it as a prop). */
import { useSelector } from 'react-redux';
import { selectSession, type SessionState } from '../shared/session/session-slice';

export const useSessionUserId = (): string | undefined =>
  useSelector((state: { session: SessionState }) => selectSession(state).user?._id);
