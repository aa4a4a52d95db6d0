/**
 * Every service, built once for the app and hung on the instance: routes and other plugins take
 * them from there, so each is wired in one place and all share the same instance (and its caches).
 * Lint keeps it so: nothing else under plugins/ or routes/ builds a service or reaches the database.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AnnouncementService } from '../services/announcement-service';
import { AuditService } from '../services/audit-service';
import { BulkActionService } from '../services/bulk-actions';
import { ChequeService } from '../services/cheque-service';
import { CollectionsService } from '../services/collections-service';
import { CourseService } from '../services/course-service';
import { DashboardService } from '../services/dashboard-service';
import { DayBookService } from '../services/day-book-service';
import { EnrollmentService } from '../services/enrollment-service';
import { FeeService } from '../services/fee-service';
import { FollowUpService } from '../services/follow-up-service';
import { ImportService } from '../services/import/import-service';
import { InquiryService } from '../services/inquiry-service';
import { NotificationService } from '../services/notification-service';
import { PaymentsRegisterService } from '../services/payments-register';
import { PrivacyService } from '../services/privacy-service';
import { StaffAdminService } from '../services/staff-admin-service';
import { StudentPageService } from '../services/student-page-service';
import { TermsService } from '../services/terms-service';
import { ClaimService } from '../services/reconciliation/claim-service';
import { StatementService } from '../services/reconciliation/statement-service';
import { GstService } from '../services/gst/gst-service';
import { AuthService } from '../services/auth-service';
import { SessionCache } from '../services/session-cache';
import { SessionTokens } from '../services/session-tokens';
import { RetentionService } from '../services/retention';
import { createGateway } from '../services/gateway';
import { OnlinePaymentService } from '../services/gateway/online-payment-service';
import { refundVoucher } from '../services/refund-voucher';
import { receiptWhatsApp } from '../services/receipt-share';
import { enrolFromConsole } from '../services/staff-enrollment';
import { messagesOf } from '../services/student-messages';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { enrollmentRepository } from '../repositories/enrollment-repository';
import { BackupService } from '../services/backup/backup-service';
import { encryptedFileStorage, type EncryptedFileStorage } from '../services/documents/encrypted-storage';
import { loadMasterKeys } from '../services/documents/master-keys';
import { EnrollmentDigest } from '../services/enrollment-digest';
import { InquiryDigest } from '../services/inquiry-digest';
import { createMailTransport } from '../services/mail/mail-transport';
import type { MailMessage } from '../services/mail/mail-message';
import { OutboxWorker, type OutboxWorkerOptions } from '../services/mail/outbox-worker';
import { STUDENT_MESSAGE_OUTBOX, studentMessageRenderer } from '../services/student-messages';
import { apiPaths } from '@registrar/contract/api-paths';
import { DltSms } from '../services/messages/dlt-sms';
import { MessageDispatch } from '../services/messages/message-dispatch';
import { MessageReports } from '../services/messages/message-reports';
import { MessageSimulator } from '../services/messages/message-simulator';
import type { Fetch } from '../services/messages/provider-answer';
import { WhatsAppCloud } from '../services/messages/whatsapp-cloud';

declare module 'fastify' {
  interface FastifyInstance {
    readonly announcementService: AnnouncementService;
    readonly auditService: AuditService;
    readonly bulkActionService: BulkActionService;
    readonly chequeService: ChequeService;
    readonly collectionsService: CollectionsService;
    readonly courseService: CourseService;
    readonly dashboardService: DashboardService;
    readonly dayBookService: DayBookService;
    readonly enrollmentService: EnrollmentService;
    readonly feeService: FeeService;
    readonly followUpService: FollowUpService;
    readonly importService: ImportService;
    readonly inquiryService: InquiryService;
    readonly notificationService: NotificationService;
    readonly paymentsRegisterService: PaymentsRegisterService;
    readonly privacyService: PrivacyService;
    readonly staffAdminService: StaffAdminService;
    readonly studentPageService: StudentPageService;
    readonly termsService: TermsService;
    readonly claimService: ClaimService;
    readonly statementService: StatementService;
    readonly gstService: GstService;
    readonly authService: AuthService;
    readonly retentionService: RetentionService;
    /** Undefined when PAYMENT_GATEWAY is none. */
    readonly onlinePaymentService: OnlinePaymentService | undefined;
    /** Fee documents made by free functions, bound to this app's database and configuration. */
    readonly feeDocuments: {
      refundVoucher: (refundId: string, lang?: Parameters<typeof refundVoucher>[3]) => ReturnType<typeof refundVoucher>;
      receiptWhatsApp: (detail: EnrollmentDetail, paymentId: string, staffId: string) => Promise<string>;
    };
    readonly staffEnrollment: {
      enrol: (
        form: Parameters<typeof enrolFromConsole>[1],
        staff: Parameters<typeof enrolFromConsole>[2],
        idempotencyKey?: string,
      ) => ReturnType<typeof enrolFromConsole>;
    };
    /** What each student was told about their money, and how its delivery went. */
    readonly studentMessages: { of: (enrollmentId: string) => ReturnType<typeof messagesOf> };
    /** Documents, encrypted at rest over the store the storage plugin opened. */
    readonly storage: EncryptedFileStorage;
    /** Uploads left staged by a crash: kept when their enrolment was stored, removed otherwise. */
    readonly stagedUploads: { recover: () => ReturnType<EncryptedFileStorage['recover']> };
    readonly outbox: OutboxWorker;
    readonly inquiryDigest: InquiryDigest;
    /** New enrolments mailed to staff who chose the 15-minute digest. */
    readonly enrollmentDigest: EnrollmentDigest;
    readonly backupService: BackupService;
    /** Student messages on WhatsApp and SMS: the providers' reports, and the simulator when chosen. */
    readonly messageChannels: { reports: MessageReports; simulator: MessageSimulator | undefined };
  }
}

export interface ServicesOptions {
  outboxWorker?: OutboxWorkerOptions;
}

export default fp<ServicesOptions>(async function services(app: FastifyInstance, options) {
  const { db } = app.database;
  const { config } = app;
  const storage = encryptedFileStorage(app.fileStore, db, loadMasterKeys(config));
  app.decorate('storage', storage);
  app.decorate('stagedUploads', {
    recover: () => storage.recover((ids) => enrollmentRepository.existingDocumentIds(db, ids)),
  });
  // Mail a service queues goes out on the worker's next pass; this wakes it now.
  const mailQueued = () => app.outbox.kick();

  const fees = new FeeService(db, config, mailQueued);
  const announcements = new AnnouncementService(db, config, mailQueued);
  const enrollments = new EnrollmentService(
    db,
    config,
    storage,
    app.throttle,
    mailQueued,
    fees,
    announcements,
    app.listTotals,
  );
  const inquiries = new InquiryService(db, config, app.throttle);
  const students = new StudentPageService(db, config, (id) => enrollments.detail(id), mailQueued);

  app.decorate('announcementService', announcements);
  app.decorate('auditService', new AuditService(db));
  app.decorate('chequeService', new ChequeService(db, config, mailQueued));
  app.decorate('collectionsService', new CollectionsService(db, fees));
  app.decorate('courseService', new CourseService(db));
  app.decorate('dashboardService', new DashboardService(db));
  app.decorate('dayBookService', new DayBookService(db));
  app.decorate('enrollmentService', enrollments);
  app.decorate('feeService', fees);
  const followUps = new FollowUpService(db, inquiries);
  app.decorate('followUpService', followUps);
  app.decorate('bulkActionService', new BulkActionService(db, enrollments, followUps));
  app.decorate('importService', new ImportService(db, config, (id, staffId) => students.sendNewLink(id, staffId)));
  app.decorate('inquiryService', inquiries);
  app.decorate('notificationService', new NotificationService(db));
  app.decorate('paymentsRegisterService', new PaymentsRegisterService(db));
  app.decorate(
    'privacyService',
    new PrivacyService(db, storage, path.join(config.dataDir, 'outbox'), app.database.kind),
  );
  app.decorate('staffAdminService', new StaffAdminService(db, config, mailQueued));
  app.decorate('studentPageService', students);
  app.decorate('termsService', new TermsService(db));
  app.decorate('claimService', new ClaimService(db, config, mailQueued));
  app.decorate('statementService', new StatementService(db));
  app.decorate('gstService', new GstService(db));
  app.decorate(
    'authService',
    new AuthService(
      db,
      config,
      new SessionTokens(db, config.jwtSecret),
      app.throttle,
      mailQueued,
      () => new Date(),
      new SessionCache(),
    ),
  );
  app.decorate('retentionService', new RetentionService(db, config, storage));
  const gateway = createGateway(config.payments);
  app.decorate('onlinePaymentService', gateway ? new OnlinePaymentService(db, gateway) : undefined);
  app.decorate('feeDocuments', {
    refundVoucher: (refundId: string, lang?: Parameters<typeof refundVoucher>[3]) =>
      refundVoucher(db, config, refundId, lang),
    receiptWhatsApp: (detail: EnrollmentDetail, paymentId: string, staffId: string) =>
      receiptWhatsApp({ db, config, students }, detail, paymentId, staffId),
  });
  app.decorate('staffEnrollment', {
    enrol: (
      form: Parameters<typeof enrolFromConsole>[1],
      staff: Parameters<typeof enrolFromConsole>[2],
      idempotencyKey?: string,
    ) => enrolFromConsole({ db, enrollments, fees }, form, staff, idempotencyKey),
  });
  app.decorate('studentMessages', { of: (enrollmentId: string) => messagesOf(db, enrollmentId) });
  app.decorate('inquiryDigest', new InquiryDigest(db, config, mailQueued));
  app.decorate('enrollmentDigest', new EnrollmentDigest(db, config, mailQueued));
  app.decorate('backupService', new BackupService(db, config, storage));

  // Links to a student's page are minted as the mail goes out: the outbox never holds one.
  const fillLink = (mail: MailMessage) => students.fillLink(mail);
  const renderStudentMessage = studentMessageRenderer(db, config);
  const { messages } = config;
  // The simulator is reached in-process, as if over HTTP, so demos need no network.
  const selfFetch: Fetch = async (url, init) => {
    const target = new URL(String(url));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
  };
  const providerFetch = messages.simulator ? selfFetch : fetch;
  const whatsapp = messages.whatsapp && new WhatsAppCloud(messages.whatsapp, providerFetch);
  const reportUrl = `${config.publicUrl}${apiPaths.smsDeliveryReport.replace(':token', messages.sms?.reportToken ?? '')}`;
  const sms = messages.sms && new DltSms(messages.sms, reportUrl, providerFetch);
  const simulator = messages.simulator
    ? new MessageSimulator(messages, (url, payload, headers) => app.inject({ method: 'POST', url, payload, headers }), {
        whatsapp: apiPaths.whatsappWebhook,
        sms: apiPaths.smsDeliveryReport.replace('/:token', ''),
      })
    : undefined;
  app.decorate('messageChannels', {
    reports: new MessageReports(db, whatsapp, messages.sms?.reportToken, mailQueued),
    simulator,
  });
  const dispatch = new MessageDispatch(
    db,
    config,
    { whatsapp, sms },
    async (payload) => {
      const mail = await renderStudentMessage(payload);
      return mail && fillLink(mail);
    },
    async (id) => (await students.mintLink(id)).url,
  );
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  const worker = new OutboxWorker(
    db,
    transport,
    app.log,
    { leaseMs: config.outboxLeaseMs, ...options.outboxWorker },
    {
      mail: (payload) => fillLink(payload as MailMessage),
      [STUDENT_MESSAGE_OUTBOX]: (payload) => dispatch.deliver(payload),
      announcement: async (payload) => {
        const mail = await announcements.render(payload);
        return mail && fillLink(mail);
      },
    },
  );
  app.decorate('outbox', worker);
});
