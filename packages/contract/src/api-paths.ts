/**
 * Every API path, declared once: the server registers these patterns and the browser builds its
 * URLs from them with `apiUrl`. The paths are a published contract that clients outside this
 * repository call as they are, misspellings such as "annocument" included: never rename one.
 */
export const API_PREFIX = '/api';

export const apiPaths = {
  health: '/api/health',
  healthLive: '/api/health/live',
  healthReady: '/api/health/ready',

  login: '/api/login',
  logout: '/api/logout',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
  userProfile: '/api/user-profile',
  changePassword: '/api/change-password',

  courses: '/api/course',
  course: '/api/course/:id',
  areasOfInterest: '/api/area-of-interest',

  terms: '/api/cms/terms_condition',
  termsVersions: '/api/cms/terms_condition/versions',
  site: '/api/site',

  inquiries: '/api/inquiry',
  inquiriesCsv: '/api/inquiry/export.csv',
  inquiry: '/api/inquiry/:id',
  inquiryStatus: '/api/inquiry/status-change/:id',
  inquiryContact: '/api/inquiry-contact/:id',
  inquiryFollowUp: '/api/inquiry-follow-up/:id',
  followUps: '/api/follow-ups',

  enrollments: '/api/student-enrollment',
  enrollmentsCsv: '/api/student-enrollment/export.csv',
  enrollment: '/api/student-enrollment/:id',
  enrollmentStatus: '/api/student-enrollment-status/:id',
  file: '/api/files/:id',

  payment: '/api/student-enrollment-payment/:id/:id2',
  refund: '/api/student-enrollment-refund/:id',
  concession: '/api/student-enrollment-concession/:id',
  installment: '/api/student-enrollment-installment/:id/:id2',
  paymentAlert: '/api/student-enrollment-payment-alert/:id',
  feeStatement: '/api/student-enrollment-fee-download/:id',

  announcements: '/api/student-enrollment-annocument/:id',
  bulkAnnouncement: '/api/bulk-student-enrollment-annocument',
  announcement: '/api/student-enrollment-annocument/:id/:id2',
  announcementResend: '/api/student-enrollment-annocument-resent/:id/:id2',
  selectedAnnouncement: '/api/student-enrollment-announcement-selected',
  bulkEnrollmentStatus: '/api/bulk-student-enrollment-status',
  bulkInquiryOwner: '/api/bulk-inquiry-owner',

  dashboard: '/api/dashboard',
  notifications: '/api/notifications',
  notificationsSeen: '/api/notifications/seen',
  audit: '/api/audit',
  paymentsCsv: '/api/payments/export.csv',

  staff: '/api/staff',
  staffMember: '/api/staff/:id',
  /** POST sends the invitation again (a new link; the old one stops working); DELETE revokes it. */
  staffInvitation: '/api/staff/:id/invitation',
  setUpAccount: '/api/set-up-account',

  erasure: '/api/student-erasure',
  dataExport: '/api/student-data-export/:id',
  studentRequests: '/api/student-requests',
  studentRequest: '/api/student-request/:id',

  receipt: '/api/student-enrollment-receipt/:paymentId',
  receiptWhatsApp: '/api/student-enrollment-receipt-whatsapp/:paymentId',
  studentLink: '/api/student-enrollment-link/:id',
  studentLinkRequest: '/api/student-link-request',
  studentPage: '/api/student-page/:token',
  studentPageStatement: '/api/student-page-statement/:token',
  studentPageReceipt: '/api/student-page-receipt/:token/:paymentId',
  studentPageRequest: '/api/student-page-request/:token',
  studentPageTerms: '/api/student-page-terms/:token',
  studentPageMessages: '/api/student-page-messages/:token',
  cheque: '/api/student-enrollment-cheque/:paymentId',
  paymentsRegister: '/api/payments',
  bulkPaymentAlert: '/api/bulk-payment-alert',
  cashBook: '/api/cash-book',
  cashBookEntry: '/api/cash-book-entry',
  cashBookClose: '/api/cash-book-close',
  collections: '/api/collections',
  collectionsCsv: '/api/collections/export.csv',
  refundVoucher: '/api/student-enrollment-refund-voucher/:refundId',
  enrollmentMessages: '/api/student-enrollment-messages/:id',
  staffEnrollment: '/api/staff-enrollment',

  imports: '/api/import',
  importTemplate: '/api/import-template/:name',
  importErrors: '/api/import/:id/errors.csv',
  importProgress: '/api/import-progress',
  importColumns: '/api/import-columns',
  studentPagePayment: '/api/student-page-payment/:token',
  studentPagePaymentReturn: '/api/student-page-payment-return/:token',
  studentPagePaymentStatus: '/api/student-page-payment-status/:token/:orderId',
  paymentWebhook: '/api/payment-webhook/razorpay',
  paymentSimulator: '/api/payment-simulator/:orderId',
  whatsappWebhook: '/api/webhooks/whatsapp',
  smsDeliveryReport: '/api/webhooks/sms/:token',
  messageSimulatorWhatsApp: '/api/message-simulator/whatsapp/:version/:phoneNumberId/messages',
  messageSimulatorSms: '/api/message-simulator/sms/Sms/send.json',
  messageTemplateProblems: '/api/message-template-problems',
  messageTemplateProblem: '/api/message-template-problem/:id',
  onlinePayments: '/api/online-payments',
  studentWhatsApp: '/api/student-enrollment-whatsapp/:id',
  paymentClaimSubmit: '/api/student-page-payment-claim/:token',
  paymentClaims: '/api/payment-claims',
  paymentClaim: '/api/payment-claim/:id',
  bankStatements: '/api/bank-statement',
  bankStatement: '/api/bank-statement/:id',
  bankStatementLine: '/api/bank-statement-line/:id',
  bankStatementRecordMatched: '/api/bank-statement-record-matched/:id',

  gstSettings: '/api/gst-settings',
  invoice: '/api/student-enrollment-invoice/:paymentId',
  creditNote: '/api/student-enrollment-credit-note/:refundId',
  studentPageInvoice: '/api/student-page-invoice/:token/:paymentId',
  gstr1: '/api/gstr1',
  gstr1Filed: '/api/gstr1-filed',
} as const;

export type ApiPathName = keyof typeof apiPaths;

/** One string per `:param` of a path pattern, in order. */
export type PathParams<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...PathParams<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** The URL of `name` with its `:params` filled in order, each one encoded as a single path segment. */
export function apiUrl<N extends ApiPathName>(name: N, ...params: PathParams<(typeof apiPaths)[N]>): string {
  const values: string[] = params;
  let next = 0;
  return apiPaths[name].replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(values[next++]!));
}
