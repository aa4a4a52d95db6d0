/** Business constants and option lists. One place; both sides import them. */

export const TOAST_DURATION_MS = 5000;
export const PERSIST_TIMEOUT_MS = 5000;
export const PERSIST_KEY = 'root';
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** 10 digits, the first one 1–9. */
export const PHONE_PATTERN = /^[1-9]\d{9}$/;
export const EMAIL_MAX = 60;
export const NAME_MAX = 50;
export const ADDRESS_MAX = 500;
export const PASSWORD_MIN = 8;

export const REFERENCE_OPTIONS = ['friend', 'website', 'instagram', 'linkedin', 'facebook', 'other'] as const;
export type Reference = (typeof REFERENCE_OPTIONS)[number];
/** Words for each source, shared by the public form, the staff screens and the dashboard. */
export const REFERENCE_LABELS: Record<Reference, string> = {
  friend: 'A friend',
  website: 'Our website',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  other: 'Other',
};

export const WORKING_STATUS_OPTIONS = ['company', 'college', 'university', 'other'] as const;
export type WorkingStatus = (typeof WORKING_STATUS_OPTIONS)[number];

/** Inquiry's currentlyWorkingAs: college, university or company. */
export const INQUIRY_WORKING_AS_OPTIONS = ['college', 'university', 'company'] as const;

export const PAYMENT_METHODS = ['installment', 'full_payment'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_MODES = ['cash', 'online_payment', 'cheque', 'other'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * How money reached the institute, as the fee ledger records it. The enrolment form keeps the
 * four modes above; a payment says which way it really came, since a UTR, a gateway id and a
 * cheque each need their own fields. `online_payment` stays valid for rows recorded before.
 */
export const LEDGER_PAYMENT_MODES = ['cash', 'upi', 'bank_transfer', 'card', 'cheque', 'other'] as const;
export type LedgerPaymentMode = (typeof LEDGER_PAYMENT_MODES)[number];
export const RECORDED_PAYMENT_MODES = [...LEDGER_PAYMENT_MODES, 'online_payment'] as const;
export type RecordedPaymentMode = (typeof RECORDED_PAYMENT_MODES)[number];
/** Mode names as staff, exports and receipts show them. */
export const PAYMENT_MODE_NAMES: Record<RecordedPaymentMode, string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank_transfer: 'Bank transfer (NEFT/IMPS/RTGS)',
  card: 'Card',
  cheque: 'Cheque / DD',
  other: 'Other',
  online_payment: 'Online payment',
};
/** The doors through which a payment enters the ledger; each goes through the same service call. */
export const PAYMENT_SOURCES = ['staff', 'gateway', 'statement', 'claim', 'import'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** Upload types the enrolment form accepts. The server checks content, not names. */
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'svg', 'pdf'] as const;
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'application/pdf'] as const;
export const UPLOAD_MAX_MB_DEFAULT = 5;

/** Layout constants. */
export const SIDEBAR_WIDTH_PX = 260;
export const SIDEBAR_MINI_WIDTH_PX = 80;
export const MOBILE_BREAKPOINT_PX = 991.98;
export const TOOLBAR_OFFSET_PX = 65;
export const FOOTER_OFFSET_PX = 50;

export const PRIMARY_COLOURS = ['#6200ea', '#241D3B'] as const;

export const BAR_THEMES = [
  'themedefault',
  'dark',
  'light',
  'sky',
  'gredient1',
  'gredient2',
  'gredient3',
  'gredient4',
  'gredient5',
  'gredient6',
  'gredient7',
  'gredient8',
] as const;
export const LAYOUT_THEMES = [
  'themedefault',
  'theme1',
  'theme2',
  'theme3',
  'theme4',
  'theme5',
  'theme6',
  'theme7',
] as const;
export const ACTIVE_LINK_STYLES = ['style1', 'style2', 'style3', 'style4'] as const;

/** Theme settings defaults. */
export const DEFAULT_THEME_SETTINGS = {
  toolbarAlignValue: 'below',
  footerAlignValue: 'below',
  toolbarDisplayValue: 'show',
  footerDisplayValue: 'show',
  sidebarTransParentValue: 'off',
  activeLinkStyle: 'style1',
  sidebarMiniValue: 'off',
  layout: 'vertical',
} as const;

/** Paging. The spec leaves page sizes open; 10 is the default, 100 the ceiling. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const ENROLLMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'completed'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
