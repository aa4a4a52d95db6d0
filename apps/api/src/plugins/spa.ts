/**
 * Serves the built SPA on the API's origin: hashed assets cached for a year,
 * `index.html` never cached, and every client route falls back to `index.html`.
 * Unknown `/api/...` paths get the 404 envelope instead.
 */
import { API_PREFIX } from '@registrar/contract/api-paths';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { apiNotFound } from './error-handler';

const YEAR_SECONDS = 31_536_000;

export interface SpaOptions {
  /** The web build's folder; when it has no index.html only the API is served. */
  root: string | undefined;
}

export default fp<SpaOptions>(async function spa(app: FastifyInstance, { root }) {
  const indexFile = root ? path.join(root, 'index.html') : undefined;
  const hasSpa = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The web build writes .br/.gz beside each asset (apps/web/build/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void reply.header('cache-control', hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  }

  // Public routes have pages of their own: index.html with the route's chunks preloaded and, for
  // the forms, their top prerendered (apps/web/build/route-pages.ts). Sent precompressed like assets.
  const pages = new Map<string, string>();
  if (hasSpa) {
    const manifest = path.join(root!, 'route-pages.json');
    const routes = fs.existsSync(manifest)
      ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string>)
      : {};
    for (const [route, file] of Object.entries(routes)) {
      if (fs.existsSync(path.join(root!, file))) pages.set(route, file);
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)) {
      return reply.code(404).send(apiNotFound());
    }
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // The reset page carries its token in the URL: never let it leak through a Referer header.
      if (url.startsWith('/reset-password/')) void reply.header('referrer-policy', 'no-referrer');
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const page = pages.get(url.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/');
      return reply.sendFile(page ?? 'index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
});
