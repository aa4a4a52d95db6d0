/**
 * Staff authentication (DESIGN §4, §6): `app.requireStaff` is the preHandler of every staff
 * route. A bearer token authenticates any request; the HttpOnly cookie set at login
 * authenticates only GET downloads of routes that opt in with `config: { cookieAuth: true }`,
 * so a state-changing request carried by the cookie alone is refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { MESSAGES } from '@registrar/contract/messages';
import { unauthorized } from '../lib/http-errors';
import { AuthService, type AuthenticatedStaff } from '../services/auth-service';
import { SessionTokens } from '../services/session-tokens';

export const SESSION_COOKIE = 'registrar_session';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, token: string, expiresAt: Date) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
  interface FastifyRequest {
    staffAuth: AuthenticatedStaff | null;
  }
  interface FastifyContextConfig {
    cookieAuth?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export default fp(async function auth(app: FastifyInstance) {
  await app.register(cookie);
  const tokens = new SessionTokens(app.database.db, app.config.jwtSecret);
  const service = new AuthService(app.database.db, app.config, tokens, app.throttle, () => app.outbox.kick());
  const secure = app.config.publicUrl.startsWith('https:');

  app.decorate('auth', service);
  app.decorateRequest('staffAuth', null);

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string, expiresAt: Date) => {
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/api',
      expires: expiresAt,
    });
  });
  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    void reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/api' });
  });

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    let token = bearerToken(request);
    if (!token && request.routeOptions.config.cookieAuth && (request.method === 'GET' || request.method === 'HEAD'))
      token = request.cookies[SESSION_COOKIE];
    const found = token ? await service.authenticate(token) : undefined;
    if (!found) throw unauthorized(MESSAGES.unauthorized);
    request.staffAuth = found;
  });
});
