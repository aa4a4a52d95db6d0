/**
 * Staff authentication and permissions. Every `/api` route declares who may call it where it is
 * defined — `config: { access: 'public' | 'signedIn' | '<permission>' }` — and a route without a
 * declaration stops the server at start. One `onRequest` hook, which runs before the body is
 * parsed or validated, authenticates every non-public request (401) and then checks the role's
 * permission (403), so nothing about a staff route is revealed to someone not signed in.
 *
 * A bearer token authenticates any request; the HttpOnly cookie set at login authenticates only
 * GET downloads of routes that opt in with `config: { cookieAuth: true }`, so a state-changing
 * request carried by the cookie alone is refused.
 */
import { API_PREFIX } from '@registrar/contract/api-paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES, PERMISSIONS, can, type Permission, type RouteAccess } from '@registrar/contract/permissions';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { AuthenticatedStaff } from '../services/auth-service';
import { AUTH_CHANNEL } from '../services/session-cache';
import { keepHeardFromDatabase } from './heard-from-database';

export const SESSION_COOKIE = 'registrar_session';

declare module 'fastify' {
  interface FastifyInstance {
    setSessionCookie: (reply: FastifyReply, token: string, expiresAt: Date) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
    /** Every `/api` route with its declared access, in registration order (tests walk it). */
    routeAccess: readonly { method: string; url: string; access: RouteAccess; publicWhen: boolean }[];
  }
  interface FastifyRequest {
    staffAuth: AuthenticatedStaff | null;
    /** Whether the signed-in staff member's role holds the permission (false when nobody is signed in). */
    can: (permission: Permission) => boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route: required on every `/api` route. */
    access?: RouteAccess;
    /** The route is public for requests this accepts (e.g. the public course list), else `access` applies. */
    publicWhen?: (request: FastifyRequest) => boolean;
    cookieAuth?: boolean;
  }
}

const ACCESS_VALUES = new Set<string>(['public', 'signedIn', ...PERMISSIONS]);

export class MissingAccessDeclarationError extends Error {}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export default fp(async function auth(app: FastifyInstance) {
  await app.register(cookie);
  const service = app.authService;
  const { sessions } = service;
  // Every instance hears the database announce revoked sessions and changed staff (triggers), so
  // a sign-out, reset or disabling on one instance is refused on the others at once.
  await keepHeardFromDatabase(app, sessions, AUTH_CHANNEL, { onNotify: (payload) => sessions.invalidate(payload) });
  const secure = app.config.publicUrl.startsWith('https:');

  app.decorateRequest('staffAuth', null);
  app.decorateRequest('can', function (this: FastifyRequest, permission: Permission) {
    return can(this.staffAuth?.staff.role, permission);
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string, expiresAt: Date) => {
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: API_PREFIX,
      expires: expiresAt,
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: API_PREFIX });
  });

  const routeAccess: { method: string; url: string; access: RouteAccess; publicWhen: boolean }[] = [];
  app.decorate('routeAccess', routeAccess);
  // An API route nobody decided the access of is a mistake found at start, not in production.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const config = route.config as { access?: unknown; publicWhen?: unknown } | undefined;
    const access = config?.access;
    if (typeof access !== 'string' || !ACCESS_VALUES.has(access))
      throw new MissingAccessDeclarationError(
        `${String(route.method)} ${route.url} declares no valid access (config.access: 'public', 'signedIn' or a permission)`,
      );
    for (const method of [route.method].flat())
      routeAccess.push({ method, url: route.url, access: access as RouteAccess, publicWhen: !!config?.publicWhen });
  });

  app.addHook('onRequest', async (request) => {
    const { access, publicWhen, cookieAuth } = request.routeOptions.config;
    // Unknown paths (the 404 handler) and public routes carry on without a session.
    if (access === undefined || access === 'public') return;
    if (publicWhen?.(request)) return;
    let token = bearerToken(request);
    if (!token && cookieAuth && (request.method === 'GET' || request.method === 'HEAD'))
      token = request.cookies[SESSION_COOKIE];
    const found = token ? await service.authenticate(token) : undefined;
    if (!found) throw unauthorized(MESSAGES.unauthorized);
    request.staffAuth = found;
    if (access !== 'signedIn' && !can(found.staff.role, access)) throw forbidden(ACCESS_MESSAGES.forbidden);
  });
});
