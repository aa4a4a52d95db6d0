/** The admin shell (issue 4): sidebar or top bar, profile menu, content outlet. */
import { Outlet } from 'react-router';

export function AdminLayout() {
  return <Outlet />;
}
