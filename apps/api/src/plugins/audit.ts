/**
 * The audit trail (issue 10): one hook records every staff write, sign-in, sign-out, failed
 * sign-in and document view — who, when, from which IP, which record, which fields. Field
 * names only, never values, and never a secret's name either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog } from '../db/schema';
import { safeErrorFacts } from '../lib/logger';

const SECRET_FIELDS = /password|token|secret/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route → audit entity (by the route's URL pattern). */
function entityOf(route: string): string | undefined {
  if (/^\/api\/(login|logout|forgot-password|reset-password|change-password)$/.test(route)) return 'auth';
  if (route.startsWith('/api/user-profile')) return 'profile';
  if (route.startsWith('/api/course')) return 'course';
  if (route.startsWith('/api/inquiry')) return 'inquiry';
  if (route.startsWith('/api/student-enrollment-payment') || route.startsWith('/api/student-enrollment-installment'))
    return 'payment';
  if (route.includes('annocument')) return 'announcement';
  if (route.startsWith('/api/student-enrollment')) return 'enrollment';
  if (route.startsWith('/api/cms/')) return 'terms';
  if (route.startsWith('/api/files/')) return 'document';
  if (route === '/api/student-erasure') return 'privacy';
  if (route.startsWith('/api/student-data-export/')) return 'enrollment';
  return undefined;
}

function actionOf(request: FastifyRequest, route: string, status: number): string {
  if (route === '/api/login') return status < 400 ? 'sign_in' : 'sign_in_failed';
  if (route === '/api/logout') return 'sign_out';
  if (route.startsWith('/api/files/')) return 'view';
  if (route === '/api/student-erasure') return 'erase';
  if (route.startsWith('/api/student-data-export/')) return 'export';
  const verb =
    { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' }[request.method] ??
    request.method.toLowerCase();
  if (route.includes('status-change') || route.includes('enrollment-status')) return 'status_change';
  if (route.includes('payment-alert')) return 'payment_reminder';
  if (route.includes('-payment/'))
    return (request.body as { paymentId?: string } | undefined)?.paymentId ? 'void' : 'payment';
  if (route.includes('annocument-resent')) return 'resend';
  return verb;
}

declare module 'fastify' {
  interface FastifyRequest {
    createdId: string | null;
  }
}

export default fp(async function audit(app: FastifyInstance) {
  app.decorateRequest('createdId', null);
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
    const route = request.routeOptions.url ?? '';
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    const isLogin = route === '/api/login';
    // Reads that hand out personal data are logged like writes: a document view, a data export.
    const isView = (route === '/api/files/:id' || route === '/api/student-data-export/:id') && reply.statusCode < 400;
    // Staff writes (signed in), sign-ins whatever their outcome, document views and data exports.
    if (!isLogin && !isView && !(isWrite && request.staffAuth)) return;
    const entity = entityOf(route);
    if (!entity) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const entityId = [params.id, params.id2].find((v) => v && UUID.test(v)) ?? null;
    const body =
      request.body && typeof request.body === 'object' && !Array.isArray(request.body)
        ? (request.body as Record<string, unknown>)
        : {};
    const email = isLogin && typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 200) : null;
    try {
      await app.database.db.insert(auditLog).values({
        staffId: request.staffAuth?.staff.id ?? null,
        actorEmail: request.staffAuth?.staff.email ?? email,
        action: actionOf(request, route, reply.statusCode),
        entity,
        entityId: entity === 'document' ? (params.id ?? null) : (entityId ?? request.createdId),
        ip: request.ip,
        statusCode: reply.statusCode,
        fields: Object.keys(body)
          .filter((k) => !SECRET_FIELDS.test(k))
          .slice(0, 50),
      });
    } catch (err) {
      request.log.warn({ err: safeErrorFacts(err) }, 'audit entry not written');
    }
  });
});
