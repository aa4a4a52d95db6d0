/**
 * A console screen whose feature arrives in a later issue. Unlike the public placeholder it has
 * no `<main>` of its own: inside the shell, the shell's `<main id="main-content">` holds it.
 */
export function ShellPlaceholder({ title, description }: { title: string; description?: string }) {
  return (
    <section className="shell-page">
      <h1>{title}</h1>
      <p>{description ?? 'This screen is coming soon.'}</p>
    </section>
  );
}
