/** A screen whose feature comes in a later issue: says so plainly instead of showing nothing. */
import { Link } from 'react-router';

export function PlaceholderScreen({ title, description }: { title: string; description?: string }) {
  return (
    <main className="placeholder" id="main-content">
      <h1>{title}</h1>
      <p>{description ?? 'This screen is coming soon.'}</p>
      <p>
        <Link to="/">Back to the start</Link>
      </p>
    </main>
  );
}
