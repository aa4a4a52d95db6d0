/**
 * A drawn masked Aadhaar card: the first 8 digits of the number covered, the last 4 visible. The
 * institute should hold no more of the number than it needs, so the form asks for this kind of copy
 * (the one UIDAI's own site lets a resident download).
 */
import { useT } from '../../shared/i18n/translate';

export function MaskedAadhaarExample() {
  const t = useT();
  return (
    <svg viewBox="0 0 160 104" width="160" height="104" role="img" aria-label={t('enrol.doc.maskedExample')}>
      <rect x="2" y="2" width="156" height="100" rx="8" fill="#fff" stroke="#cfcbe0" strokeWidth="2" />
      <path d="M2 10a8 8 0 0 1 8-8h140a8 8 0 0 1 8 8v8H2Z" fill="#f4a340" />
      <rect x="2" y="22" width="156" height="4" fill="#3f9d4b" />
      <rect x="12" y="32" width="30" height="38" rx="3" fill="#e6e3f1" />
      <circle cx="27" cy="45" r="7" fill="#a7a1c2" />
      <path d="M15 70c1-9 6-13 12-13s11 4 12 13Z" fill="#a7a1c2" />
      <rect x="50" y="34" width="64" height="6" rx="3" fill="#55536a" />
      <rect x="50" y="46" width="46" height="5" rx="2.5" fill="#a7a1c2" />
      <rect x="50" y="56" width="38" height="5" rx="2.5" fill="#a7a1c2" />
      <text x="80" y="91" textAnchor="middle" fontFamily="monospace" fontSize="13" fontWeight="700" fill="#1d1b26">
        XXXX XXXX 4821
      </text>
    </svg>
  );
}
