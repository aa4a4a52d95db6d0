/** The institute's mark beside its name in a public page's brand bar. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        fill="#fff"
        d="M16 7 4 13l12 6 9-4.5V21h2v-7.5L16 7Zm-7 9.8V21c0 1.7 3.1 4 7 4s7-2.3 7-4v-4.2l-7 3.5-7-3.5Z"
      />
    </svg>
  );
}
