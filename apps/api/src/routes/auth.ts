/** Sign-in, sign-out, password reset, profile. */
import { apiPaths } from '@registrar/contract/api-paths';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forgotPasswordSchema, loginSchema, resetPasswordSchema } from '@registrar/contract/auth';
import { successEnvelope } from '@registrar/contract/envelope';
import {
  STAFF_MESSAGES,
  changePasswordSchema,
  loginResponseSchema,
  staffUserSchema,
  updateProfileSchema,
} from '@registrar/contract/staff';
import { toStaffUser } from '../services/auth-service';
import { errorAnswers } from '../lib/route-answers';

const errors = errorAnswers(400, 401, 429);
const ok = successEnvelope(z.null());
const userEnvelope = successEnvelope(z.object({ user: staffUserSchema }));

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });
  type Session = Awaited<ReturnType<typeof app.authService.login>>;
  /** A new session: its cookie for the browser, its token and user in the answer for API clients. */
  const signedIn = (reply: FastifyReply, { token, user, expiresAt }: Session, message: string) => {
    app.setSessionCookie(reply, token, expiresAt);
    return { success: true as const, message, token, data: { user } };
  };

  app.post(
    apiPaths.login,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: loginSchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await app.authService.login(request.body.email, request.body.password, context(request)),
        STAFF_MESSAGES.signedIn,
      ),
  );

  app.post(
    apiPaths.logout,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: ok, ...errors } },
    },
    async (request, reply) => {
      await app.authService.logout(request.staffAuth!.sessionId);
      app.clearSessionCookie(reply);
      return { success: true as const, message: STAFF_MESSAGES.signedOut, data: null };
    },
  );

  app.post(
    apiPaths.forgotPassword,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: ok, ...errors } },
    },
    async (request) => {
      await app.authService.forgotPassword(request.body.email, context(request));
      return { success: true as const, message: STAFF_MESSAGES.forgotPasswordSent, data: null };
    },
  );

  app.post(
    apiPaths.resetPassword,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: ok, ...errors } },
    },
    async (request) => {
      await app.authService.resetPassword(request.body.token, request.body.password, context(request));
      return { success: true as const, message: STAFF_MESSAGES.passwordReset, data: null };
    },
  );

  app.post(
    apiPaths.setUpAccount,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set up an invited account: choose the password with the invitation token and be logged in',
        body: resetPasswordSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      signedIn(
        reply,
        await app.authService.setUpAccount(request.body.token, request.body.password, context(request)),
        STAFF_MESSAGES.accountSetUp,
      ),
  );

  app.get(
    apiPaths.userProfile,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['profile'], security: [{ bearer: [] }], response: { 200: userEnvelope, ...errors } },
    },
    async (request) => ({ success: true as const, message: '', data: { user: toStaffUser(request.staffAuth!.staff) } }),
  );

  app.put(
    apiPaths.userProfile,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        body: updateProfileSchema,
        response: { 200: userEnvelope, ...errors },
      },
    },
    async (request) => {
      const user = await app.authService.updateProfile(request.staffAuth!, request.body);
      return { success: true as const, message: STAFF_MESSAGES.profileUpdated, data: { user } };
    },
  );

  app.post(
    apiPaths.changePassword,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        body: changePasswordSchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await app.authService.changePassword(request.staffAuth!, request.body.currentPassword, request.body.newPassword);
      return { success: true as const, message: STAFF_MESSAGES.passwordChanged, data: null };
    },
  );
};

export default authRoutes;
