/**
 * The audit trail: one hook records every staff write, sign-in, sign-out, failed
 * sign-in and document view — who, when, from which IP, which record, which fields. Field
 * names only, never values, and never a secret's name either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths, type ApiPathName } from '@registrar/contract/api-paths';
import type { AuditChanges } from '@registrar/contract/dashboard';
import { safeErrorFacts } from '../lib/logger';

const SECRET_FIELDS = /password|token|secret/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Route → audit entity. Every API path is listed, so a new one has to be placed here; `undefined`
 * routes are not recorded by this hook (reads, or writes whose service records its own entry).
 */
const ENTITY: Record<ApiPathName, string | undefined> = {
  health: undefined,
  healthLive: undefined,
  healthReady: undefined,
  login: 'auth',
  logout: 'auth',
  forgotPassword: 'auth',
  resetPassword: 'auth',
  changePassword: 'auth',
  userProfile: 'profile',
  courses: 'course',
  course: 'course',
  areasOfInterest: undefined,
  terms: 'terms',
  termsVersions: 'terms',
  site: undefined,
  inquiries: 'inquiry',
  inquiriesCsv: 'inquiry',
  inquiry: 'inquiry',
  inquiryStatus: 'inquiry',
  inquiryContact: 'inquiry',
  inquiryFollowUp: 'inquiry',
  followUps: undefined,
  enrollments: 'enrollment',
  enrollmentsCsv: 'enrollment',
  enrollment: 'enrollment',
  enrollmentStatus: 'enrollment',
  file: 'document',
  payment: 'payment',
  refund: 'enrollment',
  concession: 'enrollment',
  installment: 'payment',
  paymentAlert: 'payment',
  feeStatement: 'enrollment',
  announcements: 'announcement',
  bulkAnnouncement: 'announcement',
  announcement: 'announcement',
  announcementResend: 'announcement',
  // Many rows at once: the route writes one entry per row it acted on.
  selectedAnnouncement: undefined,
  bulkEnrollmentStatus: undefined,
  bulkInquiryOwner: undefined,
  dashboard: undefined,
  notifications: undefined,
  notificationsSeen: undefined,
  audit: undefined,
  paymentsCsv: undefined,
  staff: undefined,
  staffMember: undefined,
  staffInvitation: undefined,
  setUpAccount: 'auth',
  erasure: 'privacy',
  dataExport: 'enrollment',
  studentRequests: undefined,
  studentRequest: 'privacy',
  receipt: 'enrollment',
  studentLink: 'enrollment',
  // The student's own page is public: its calls are not staff actions.
  studentLinkRequest: undefined,
  studentPage: undefined,
  studentPageStatement: undefined,
  studentPageReceipt: undefined,
  studentPageRequest: undefined,
  studentPageTerms: undefined,
  cheque: 'payment',
  paymentsRegister: undefined,
  // Audited by its route, one entry per enrolment reminded.
  bulkPaymentAlert: undefined,
  cashBook: undefined,
  cashBookEntry: 'cash-book',
  cashBookClose: 'cash-book',
  collections: undefined,
  collectionsCsv: undefined,
  refundVoucher: undefined,
  enrollmentMessages: undefined,
  staffEnrollment: 'enrollment',
  imports: 'import',
  importTemplate: undefined,
  importErrors: undefined,
  importProgress: undefined,
  // Reads the file's header and proposes a mapping; writes nothing.
  importColumns: undefined,
  // Students and the gateway, not staff; each payment they bring carries its own enrolment event.
  studentPagePayment: undefined,
  studentPagePaymentReturn: undefined,
  studentPagePaymentStatus: undefined,
  paymentWebhook: undefined,
  paymentSimulator: undefined,
  whatsappWebhook: undefined,
  studentPageMessages: undefined,
  smsDeliveryReport: undefined,
  messageSimulatorWhatsApp: undefined,
  messageSimulatorSms: undefined,
  messageTemplateProblems: undefined,
  messageTemplateProblem: 'message_template',
  onlinePayments: undefined,
  // Makes a fresh link to the student's page: recorded on the enrolment.
  studentWhatsApp: 'enrollment',
  // Makes a fresh link to the student's page to carry the receipt: recorded on the enrolment.
  receiptWhatsApp: 'enrollment',
  paymentClaimSubmit: undefined,
  paymentClaims: undefined,
  paymentClaim: 'payment',
  bankStatements: 'payment',
  bankStatement: undefined,
  bankStatementLine: 'payment',
  bankStatementRecordMatched: 'payment',
  gstSettings: 'gst-settings',
  invoice: 'enrollment',
  creditNote: 'enrollment',
  studentPageInvoice: undefined,
  gstr1: undefined,
  gstr1Filed: 'gst-settings',
};

/** The registered pattern (`request.routeOptions.url`) → its name in the contract. */
const PATH_NAME = new Map(Object.entries(apiPaths).map(([name, path]) => [path as string, name as ApiPathName]));

/** Actions that are not plain create/update/delete, by route. */
const SPECIAL_ACTION: Partial<Record<ApiPathName, string>> = {
  logout: 'sign_out',
  file: 'view',
  erasure: 'erase',
  dataExport: 'export',
  inquiryStatus: 'status_change',
  enrollmentStatus: 'status_change',
  paymentAlert: 'payment_reminder',
  announcementResend: 'resend',
  cheque: 'cheque_outcome',
};

function actionOf(request: FastifyRequest, name: ApiPathName, status: number): string {
  if (name === 'login') return status < 400 ? 'sign_in' : 'sign_in_failed';
  const special = SPECIAL_ACTION[name];
  if (special) return special;
  // A payment request that names an earlier payment voids it.
  if (name === 'payment') return (request.body as { paymentId?: string } | undefined)?.paymentId ? 'void' : 'payment';
  return (
    { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[request.method] ?? request.method.toLowerCase()
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    createdId: string | null;
    /** Before → after a route gives its audit entry (values that are no one's personal data). */
    auditChanges: AuditChanges | null;
  }
}

export default fp(async function audit(app: FastifyInstance) {
  app.decorateRequest('createdId', null);
  app.decorateRequest('auditChanges', null);
  // A create has no id in its path: take the new record's id from the 201 answer.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'POST' && reply.statusCode === 201 && request.staffAuth && typeof payload === 'string') {
      try {
        const id = (JSON.parse(payload) as { data?: { _id?: unknown } }).data?._id;
        if (typeof id === 'string' && UUID.test(id)) request.createdId = id;
      } catch {
        // not JSON: nothing to take
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const name = PATH_NAME.get(request.routeOptions.url ?? '');
    if (!name) return;
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    const isLogin = name === 'login';
    // Reads that hand out personal data are logged like writes: a document view, a data export.
    const isView = (name === 'file' || name === 'dataExport') && reply.statusCode < 400;
    // Staff writes (signed in), sign-ins whatever their outcome, document views and data exports.
    if (!isLogin && !isView && !(isWrite && request.staffAuth)) return;
    const entity = ENTITY[name];
    if (!entity) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const entityId = [params.id, params.id2, params.paymentId].find((v) => v && UUID.test(v)) ?? null;
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const email = isLogin && typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 200) : null;
    try {
      await app.auditService.record({
        staffId: request.staffAuth?.staff.id ?? null,
        actorEmail: request.staffAuth?.staff.email ?? email,
        action: actionOf(request, name, reply.statusCode),
        entity,
        entityId: entity === 'document' ? (params.id ?? null) : (entityId ?? request.createdId),
        ip: request.ip,
        statusCode: reply.statusCode,
        fields: Object.keys(body)
          .filter((k) => !SECRET_FIELDS.test(k))
          .slice(0, 50),
        changes: request.auditChanges,
      });
    } catch (err) {
      request.log.warn({ err: safeErrorFacts(err) }, 'audit entry not written');
    }
  });
});
