/** The Terms & Condition screen (issue 5). */
export function TermsScreen() {
  return (
    <main id="main-content">
      <h1>Terms &amp; Condition</h1>
    </main>
  );
}
