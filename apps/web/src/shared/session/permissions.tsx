/**
 * What the signed-in staff member may do, from the role → permission table the server enforces.
 * The browser only hides what a role cannot use; the server refuses it anyway.
 */
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { ACCESS_MESSAGES, can, type Permission } from '@registrar/contract/permissions';
import { selectSession, type SessionState } from './session-slice';

/** A function telling whether the signed-in staff member holds a permission. */
export function usePermissions(): (permission: Permission) => boolean {
  const role = useSelector((state: { session: SessionState }) => selectSession(state).user?.role);
  return (permission) => can(role, permission);
}

export const useCan = (permission: Permission): boolean => usePermissions()(permission);

/** The page shown for a screen the role may not use, instead of a screen that would fail. */
export function ForbiddenScreen() {
  return (
    <section className="shell-page shell-not-found">
      <h1>You do not have permission</h1>
      <p>{ACCESS_MESSAGES.forbiddenPage}. Ask an administrator if you need it.</p>
    </section>
  );
}

/** Renders its children only for roles holding the permission, else the 'no permission' page. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? <>{children}</> : <ForbiddenScreen />;
}
