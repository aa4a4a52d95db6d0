/** One attempt counter for the whole app (sign-in, reset, public forms). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Throttle } from '../services/throttle';

declare module 'fastify' {
  interface FastifyInstance {
    throttle: Throttle;
  }
}

export default fp(async function throttle(app: FastifyInstance) {
  app.decorate('throttle', new Throttle());
});
