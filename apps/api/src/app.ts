/**
 * Builds the Fastify app from plugins (fastify/demo style); `server.ts` only starts it.
 * Tests build it with a fresh database through `test/build-app.ts`.
 */
import { createHash } from 'node:crypto';
import { API_PREFIX } from '@registrar/contract/api-paths';
import { FIRST_PAINT_LANGUAGE_SCRIPT } from '@registrar/contract/first-paint';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { OneLinePerRequest } from './lib/logger';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import errorHandler, { clientErrorResponse, frameworkErrorEnvelope } from './plugins/error-handler';
import spa from './plugins/spa';
import draining from './plugins/draining';
import securityHeaders from './plugins/security-headers';
import type { HelmetOptions } from 'helmet';
import { STUDENT_PAGE_PATH } from '@registrar/contract/student-page';
import listTotalsPlugin from './plugins/list-totals';
import backupsPlugin from './plugins/backups';
import healthRoutes from './routes/health';
import authRoutes from './routes/auth';
import courseRoutes from './routes/courses';
import termsRoutes from './routes/terms';
import siteRoutes from './routes/site';
import authPlugin from './plugins/auth';
import throttlePlugin from './plugins/throttle';
import inquiryRoutes from './routes/inquiries';
import followUpRoutes from './routes/follow-ups';
import enrollmentRoutes from './routes/enrollments';
import feeRoutes from './routes/fees';
import announcementRoutes from './routes/announcements';
import dashboardRoutes from './routes/dashboard';
import paymentsRoutes from './routes/payments';
import dayBookRoutes from './routes/day-book';
import bulkActionRoutes from './routes/bulk-actions';
import staffRoutes from './routes/staff';
import privacyRoutes from './routes/privacy';
import importRoutes from './routes/imports';
import gstRoutes from './routes/gst';
import studentPageRoutes from './routes/student-page';
import notificationRoutes from './routes/notifications';
import onlinePaymentRoutes from './routes/online-payments';
import messageWebhookRoutes from './routes/message-webhooks';
import onlinePaymentsPlugin from './plugins/online-payments';
import reconciliationRoutes from './routes/reconciliation';
import auditPlugin from './plugins/audit';
import servicesPlugin from './plugins/services';
import remindersPlugin from './plugins/reminders';
import retentionPlugin from './plugins/retention';
import storagePlugin from './plugins/storage';
import outboxPlugin, { type OutboxPluginOptions } from './plugins/outbox';
import inquiryDigestPlugin from './plugins/inquiry-digest';
import { APP_VERSION } from './lib/version';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
  }
}

/** The CSP source that allows the public pages' first-paint script and no other inline script. */
const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_LANGUAGE_SCRIPT).digest('base64')}'`;

/** Razorpay Checkout's script, its frames and the calls it makes: allowed on the student's page alone. */
const CHECKOUT_SOURCES = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  imgSrc: ['https://cdn.razorpay.com'],
};

function withCheckout(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  if (!csp || csp === true) return options;
  const directives = { ...csp.directives } as Record<string, string[] | null>;
  for (const [name, sources] of Object.entries(CHECKOUT_SOURCES))
    directives[name] = [...(directives[name] ?? ["'self'"]), ...sources];
  return { ...options, contentSecurityPolicy: { ...csp, directives } };
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built SPA; undefined serves the API alone. */
  webRoot?: string | undefined;
  outbox?: OutboxPluginOptions;
  /** false: tests run `app.reminders.runOnce()` and `app.retention.runDaily()` themselves. */
  reminders?: boolean;
  /** false: no nightly backup timer (tests call `app.backups.runNightly()` themselves). */
  nightlyBackups?: boolean;
}

export async function buildApp({
  config,
  database,
  logger = false,
  webRoot,
  outbox,
  reminders,
  nightlyBackups,
}: AppOptions): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger,
    // A hop count trusts that many proxies in front of us (proxy-addr's index rule).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // The draining plugin answers during shutdown with our envelope and Retry-After instead.
    return503OnClosing: false,
    // Request ids in logs, never derived from client headers.
    genReqId: () => crypto.randomUUID(),
    logController: new OneLinePerRequest(),
    // A URL the router cannot read (bad percent-encoding, an overlong id) still gets the envelope.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(error.statusCode ?? 400).send(frameworkErrorEnvelope(error));
    },
    // Requests Node's parser refuses before Fastify sees them (headers over 16 KiB, a broken
    // request line) are answered in the envelope too, then the connection is closed.
    clientErrorHandler: (err: Error & { code?: string }, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(clientErrorResponse(err.code));
      socket.destroy(err);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);

  await app.register(errorHandler);
  await app.register(draining);
  const headers: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // One inline script, by its hash: it picks the public pages' language before the first paint.
        scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_SOURCE],
        // MUI/emotion inject <style> elements at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  };
  const checkout = config.payments?.gateway === 'razorpay' ? withCheckout(headers) : undefined;
  await app.register(securityHeaders, {
    base: headers,
    byPrefix: checkout ? [{ prefix: `${STUDENT_PAGE_PATH}/`, options: checkout }] : [],
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Registrar API', version: APP_VERSION, description: 'Admissions and fees console API' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  await app.register(outboxPlugin, outbox ?? {});
  // Sends when the outbox does: tests drive both themselves.
  await app.register(inquiryDigestPlugin, { autoStart: outbox?.autoStart !== false });
  await app.register(throttlePlugin);
  await app.register(storagePlugin);
  await app.register(backupsPlugin, { nightly: nightlyBackups !== false });
  await app.register(listTotalsPlugin);
  await app.register(servicesPlugin, { outboxWorker: outbox?.worker });
  await app.register(authPlugin);
  await app.register(auditPlugin);
  await app.register(onlinePaymentsPlugin, { autoStart: reminders !== false });

  // Each route registers its full path from the contract's apiPaths, so no prefix is added here.
  await app.register(async (api) => {
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(courseRoutes);
    await api.register(termsRoutes);
    await api.register(siteRoutes);
    await api.register(inquiryRoutes);
    await api.register(followUpRoutes);
    await api.register(enrollmentRoutes);
    await api.register(feeRoutes);
    await api.register(announcementRoutes);
    await api.register(dashboardRoutes);
    await api.register(paymentsRoutes);
    await api.register(dayBookRoutes);
    await api.register(bulkActionRoutes);
    await api.register(staffRoutes);
    await api.register(privacyRoutes);
    await api.register(studentPageRoutes);
    await api.register(notificationRoutes);
    await api.register(importRoutes);
    await api.register(onlinePaymentRoutes);
    await api.register(messageWebhookRoutes);
    await api.register(reconciliationRoutes);
    await api.register(gstRoutes);
  });

  await app.register(remindersPlugin, { autoStart: reminders !== false });
  await app.register(retentionPlugin, { autoStart: reminders !== false });
  await app.register(spa, { root: webRoot });
  return app;
}
