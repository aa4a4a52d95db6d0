import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_LANGUAGE_SCRIPT } from '@registrar/contract/first-paint';
import { build } from './build-app';

function fakeWebBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-web-'));
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Registrar</title><div id="root"></div>');
  fs.writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}

describe('the SPA on the API origin', async () => {
  const { app } = await build({ webRoot: fakeWebBuild() });

  it.each(['/', '/student-enrollment', '/student-inquiry', '/reset-password/abc', '/courses'])(
    'serves index.html for the client route %s, never cached',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('serves the reset page with Referrer-Policy: no-referrer', async () => {
    const res = await app.inject({ method: 'GET', url: '/reset-password/some-token' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const other = await app.inject({ method: 'GET', url: '/login' });
    expect(other.headers['referrer-policy']).toBe('same-origin');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('does not cache unhashed files', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown API paths as 404 envelopes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
  });

  it('sends the strict security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/student-enrollment' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // Scripts from this origin, and inline only the public pages' first-paint script, by its hash.
    const hash = createHash('sha256').update(FIRST_PAINT_LANGUAGE_SCRIPT).digest('base64');
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))
        ?.trim(),
    ).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('OpenAPI', async () => {
  const { app } = await build();
  it('publishes an OpenAPI 3 document generated from the contract schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const health = doc.paths['/api/health'].get;
    const schema = health.responses['200'].content['application/json'].schema;
    expect(schema.properties.data.properties.database.properties.reachable.type).toBe('boolean');
  });
  it('serves the interactive documentation page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
  });
});

describe('site information', async () => {
  const { app } = await build({
    config: { contactEmail: 'help@acme.in', contactPhone: '9123456780', instituteName: 'Acme' },
  });
  it('tells the public forms the support phone and email from configuration', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json().data).toMatchObject({
      instituteName: 'Acme',
      contactEmail: 'help@acme.in',
      contactPhone: '9123456780',
    });
  });
});

describe('fast public pages', async () => {
  const root = fakeWebBuild();
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>R</title></head><body><div id="root"></div></body></html>',
  );
  // What apps/web/build/route-pages.ts writes: a page per public route, listed by route.
  const page =
    '<!doctype html><html><head><title>R</title><link rel="modulepreload" crossorigin href="/assets/form-X1.js">' +
    '</head><body><div id="root" data-prerendered><main><h1>Ask about a course</h1></main></div></body></html>';
  fs.mkdirSync(path.join(root, 'pages'));
  fs.writeFileSync(path.join(root, 'pages', 'student-inquiry.html'), page);
  fs.writeFileSync(path.join(root, 'pages', 'student-inquiry.html.br'), 'brotli-page');
  const tokenPage =
    '<!doctype html><html><head><title>R</title><link rel="preload" as="fetch" crossorigin href="/api/student-page/:token">' +
    '</head><body><div id="root" data-prerendered><main><h1>Your enrolment</h1></main></div></body></html>';
  fs.writeFileSync(path.join(root, 'pages', 'my-token.html'), tokenPage);
  fs.writeFileSync(
    path.join(root, 'route-pages.json'),
    JSON.stringify({
      '/student-inquiry': 'pages/student-inquiry.html',
      '/gone': 'pages/gone.html',
      '/my/:token': 'pages/my-token.html',
    }),
  );
  const js = 'export const x = 1;'.repeat(100);
  fs.writeFileSync(path.join(root, 'assets', 'big-A1.js'), js);
  fs.writeFileSync(path.join(root, 'assets', 'big-A1.js.br'), 'brotli-bytes');
  const { app } = await build({ webRoot: root });
  /** A GET from a browser that accepts these encodings. */
  const getAccepting = (url: string, acceptEncoding: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('serves a public route its own page: chunks preloaded, top prerendered, never cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/student-inquiry?courseId=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(page);
    expect((await app.inject({ method: 'GET', url: '/student-inquiry/' })).body).toBe(page);
    const other = await app.inject({ method: 'GET', url: '/courses' });
    expect(other.body).not.toContain('modulepreload');
    expect(other.body).not.toContain('data-prerendered');
    // A page the manifest names but the build lacks falls back to index.html.
    expect((await app.inject({ method: 'GET', url: '/gone' })).body).toContain('<div id="root"></div>');
  });

  it("fills a route's parameter into the API call its page preloads, and only a well-formed one", async () => {
    const token = 'AbC_-123'.repeat(5) + 'xyz';
    const res = await app.inject({ method: 'GET', url: `/my/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(tokenPage.replace('/api/student-page/:token', `/api/student-page/${token}`));
    // Squeezed on the way to a browser that accepts gzip.
    const squeezed = await getAccepting(`/my/${token}`, 'gzip');
    expect(squeezed.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(squeezed.rawPayload).toString()).toBe(res.body);
    // Anything that is not a plain token does not go into the page: the screen reports the link.
    for (const odd of ['a%22%3E%3Cscript%3E', 'x%20y', 'ab.cd']) {
      const page = await app.inject({ method: 'GET', url: `/my/${odd}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('rel="preload" as="fetch"');
      expect(page.body).toContain('Your enrolment');
    }
    // Another depth is another route: the plain app shell.
    expect((await app.inject({ method: 'GET', url: `/my/${token}/more` })).body).toContain('<div id="root"></div>');
  });

  it("sends a public route's page precompressed to a browser that accepts brotli", async () => {
    const res = await getAccepting('/student-inquiry', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('brotli-page');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the precompressed file to a browser that accepts brotli', async () => {
    const res = await getAccepting('/assets/big-A1.js', 'br, gzip');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('brotli-bytes');
    const plain = await getAccepting('/assets/big-A1.js', 'identity');
    expect(plain.body).toBe(js);
  });
});
