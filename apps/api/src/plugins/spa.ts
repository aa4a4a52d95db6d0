/**
 * Serves the built SPA on the API's origin: hashed assets cached for a year,
 * `index.html` never cached, and every client route falls back to `index.html`.
 * Unknown `/api/...` paths get the 404 envelope instead.
 */
import { API_PREFIX } from '@registrar/contract/api-paths';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
  // Routes with a parameter (/my/:token): their page is read once and gets the request's value in
  // place of the parameter in the API call it preloads.
  const paramPages: ParamPage[] = [];
  if (hasSpa) {
    const manifest = path.join(root!, 'route-pages.json');
    const routes = fs.existsSync(manifest)
      ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string>)
      : {};
    for (const [route, file] of Object.entries(routes)) {
      if (!fs.existsSync(path.join(root!, file))) continue;
      if (route.includes('/:')) paramPages.push(paramPage(route, fs.readFileSync(path.join(root!, file), 'utf8')));
      else pages.set(route, file);
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    // Only pages are read with GET: any other method is an API client's, answered in its envelope
    // (a path whose dot segments resolve outside /api lands here too).
    const api = url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
    if (api || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send(apiNotFound());
    }
    if (hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // The reset and set-up pages carry their token in the URL: never let it leak through a Referer header.
      if (url.startsWith('/reset-password/') || url.startsWith('/set-up-account/'))
        void reply.header('referrer-policy', 'no-referrer');
      void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      const route = url.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
      const page = pages.get(route);
      if (page) return reply.sendFile(page);
      for (const candidate of paramPages) {
        const html = candidate.render(route);
        if (html === undefined) continue;
        void reply.header('vary', 'accept-encoding');
        if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
        return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
      }
      return reply.sendFile('index.html');
    }
    // Without the web app built, the server is an API alone: every miss is an API client's.
    return reply.code(404).send(apiNotFound());
  });
});

interface ParamPage {
  /** The page for `pathname`, or undefined when the route does not match it. */
  render(pathname: string): string | undefined;
}

/** A parameter's value as it may go into a URL in the page: a link token, an id. */
const SAFE_PARAM = /^[A-Za-z0-9_-]{1,200}$/;
const PRELOAD_FETCH = /<link rel="preload" as="fetch" crossorigin href="([^"]*)">/g;

function paramPage(route: string, html: string): ParamPage {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${route.replace(/:([A-Za-z0-9_]+)|[^:]+/g, (part, name?: string) => {
      if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })}$`,
  );
  return {
    render(pathname) {
      const found = pattern.exec(pathname);
      if (!found) return undefined;
      const values = new Map(names.map((name, i) => [name, found[i + 1]!]));
      // A value that could not be a real one is not worth fetching ahead: the screen reports it.
      if ([...values.values()].some((value) => !SAFE_PARAM.test(value))) return html.replace(PRELOAD_FETCH, '');
      return html.replace(PRELOAD_FETCH, (tag, href: string) =>
        tag.replace(
          href,
          href.replace(/:([A-Za-z0-9_]+)/g, (param, name: string) => values.get(name) ?? param),
        ),
      );
    },
  };
}
