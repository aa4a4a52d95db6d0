/** One attempt counter for the whole app (sign-in, reset, public forms); shared via Redis when REDIS_URL is set. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RedisThrottleStore } from '../services/redis-throttle-store';
import { Throttle } from '../services/throttle';

declare module 'fastify' {
  interface FastifyInstance {
    throttle: Throttle;
  }
}

export default fp(async function throttle(app: FastifyInstance) {
  let store: RedisThrottleStore | undefined;
  if (app.config.redisUrl) {
    const { RedisThrottleStore } = await import('../services/redis-throttle-store');
    store = await RedisThrottleStore.open(app.config.redisUrl);
    // Start even when Redis is down: counted requests answer 503 until it is back.
    if (!(await store.connected()))
      app.log.warn('Redis (REDIS_URL) is not reachable yet; rate-limited requests answer 503');
  }
  const throttle = new Throttle(store);
  app.decorate('throttle', throttle);
  app.addHook('onClose', () => throttle.close());
});
