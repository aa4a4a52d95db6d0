/**
 * Helmet's security headers on every answer, from one middleware built at start. (@fastify/helmet
 * builds the middleware again on every request, parsing the CSP each time: 2% of the server's CPU
 * under load.) Pages under a listed prefix may get a wider policy of their own (the student's page
 * loading a payment gateway's checkout); every other answer keeps the base one.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeadersOptions {
  base: HelmetOptions;
  /** Path prefix → the options its pages are answered with instead. */
  byPrefix?: { prefix: string; options: HelmetOptions }[];
}

export default fp<SecurityHeadersOptions>(async function securityHeaders(
  app: FastifyInstance,
  { base, byPrefix = [] },
) {
  const setBase = helmet(base);
  const special = byPrefix.map(({ prefix, options }) => ({ prefix, set: helmet(options) }));
  app.addHook('onRequest', (request, reply, done) => {
    const setHeaders = special.find((s) => request.url.startsWith(s.prefix))?.set ?? setBase;
    setHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
