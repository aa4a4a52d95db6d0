/** An address inside the admin shell that matches no screen: say so, and offer the way back. */
import { Link, useLocation } from 'react-router';

export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <section className="shell-page shell-not-found">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. The address may be mistyped, or the page may have moved.
      </p>
      <p>
        <Link className="shell-button" to="/dashboard">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
