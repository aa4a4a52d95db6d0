/** The full-screen loading indicator: while the session is restored or a screen loads. */
export function FullScreenLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="full-screen-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
