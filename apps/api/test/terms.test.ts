import { describe, expect, it } from 'vitest';
import { TERMS_MESSAGES } from '@registrar/contract/terms';
import { build } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

/** Known XSS vectors: script tags, event handlers, javascript:/data: URLs, SVG/MathML tricks, broken markup. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><a xlink:href="javascript:alert(1)"><text x=20 y=20>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">click</math>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">link</a>',
  '<a href="java\tscript:alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<a href="//evil.example/">protocol relative</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<style>@import "javascript:alert(1)";</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1))">ie</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<table background="javascript:alert(1)">',
  '<p onmouseover="alert(1)">hover</p>',
  '<<script>alert(1)//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)//',
  '"><script>alert(1)</script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<a href="https://ok.example" onclick="alert(1)">ok link with handler</a>',
];

/** Anything a browser could run, in any form the sanitizer might let through. */
const EXECUTABLE = [
  /<\s*script/i,
  /<\s*(iframe|object|embed|svg|math|style|link|meta|base|form|input|button|img|video|source|details|body|template|noscript|table)\b/i,
  /\son\w+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /expression\s*\(/i,
  /srcdoc|formaction|xlink:href/i,
  /href="\/\//i,
];

describe('terms & conditions', async () => {
  const { app, database } = await build();
  const staff = await makeStaff(database.db, { name: 'Terms Editor' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const save = (description: string, name?: string) =>
    app.inject({ method: 'PUT', url: '/api/cms/terms_condition', headers: auth, payload: { description, name } });
  const read = async () => (await app.inject({ method: 'GET', url: '/api/cms/terms_condition' })).json().data;

  it('is empty (version 0) before anyone saves it, and public', async () => {
    expect(await read()).toEqual({ name: 'Terms & Conditions', description: '', version: 0, updatedAt: null });
  });

  it('keeps the editor’s formatting: headings, lists, bold, italic, underline, links', async () => {
    const html =
      '<h2>Fees</h2><p><strong>Bold</strong> <em>italic</em> <u>under</u></p><ul><li>One</li></ul><ol><li>Two</li></ol><p><a href="https://institute.example/policy" target="_blank">policy</a></p>';
    const res = await save(html, 'Terms & Conditions');
    expect(res.statusCode, res.body).toBe(200);
    const saved = await read();
    expect(saved.description).toContain('<h2>Fees</h2>');
    expect(saved.description).toContain('<strong>Bold</strong> <em>italic</em> <u>under</u>');
    expect(saved.description).toContain('<ul><li>One</li></ul><ol><li>Two</li></ol>');
    expect(saved.description).toContain(
      '<a href="https://institute.example/policy" target="_blank" rel="noopener noreferrer">policy</a>',
    );
    expect(saved.version).toBe(1);
  });

  it(`lets nothing executable through ${XSS_PAYLOADS.length} known XSS payloads, on save and on read`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const payload of XSS_PAYLOADS) {
      const res = await save(`<p>before</p>${payload}<p>after</p>`);
      expect(res.statusCode, payload).toBe(200);
      for (const description of [res.json().data.description as string, (await read()).description as string]) {
        for (const pattern of EXECUTABLE) expect(description, `${payload} → ${description}`).not.toMatch(pattern);
        expect(description).toContain('<p>before</p>');
      }
    }
  });

  it('keeps every version with who saved it and when; staff only', async () => {
    await save('<p>Version A</p>');
    await save('<p>Version B</p>');
    const res = await app.inject({ method: 'GET', url: '/api/cms/terms_condition/versions', headers: auth });
    const versions = res.json().data as { version: number; description: string; savedBy: { name: string } }[];
    expect(versions[0]).toMatchObject({ description: '<p>Version B</p>', savedBy: { name: 'Terms Editor' } });
    expect(versions[1]!.description).toBe('<p>Version A</p>');
    expect(versions[0]!.version).toBe(versions[1]!.version + 1);
    expect(versions.length).toBe(XSS_PAYLOADS.length + 3);
    expect((await read()).description).toBe('<p>Version B</p>');
    expect((await app.inject({ method: 'GET', url: '/api/cms/terms_condition/versions' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/cms/terms_condition', payload: { description: '<p>x</p>' } }))
        .statusCode,
    ).toBe(401);
  });

  it('requires content', async () => {
    const res = await save('');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'description', message: TERMS_MESSAGES.descriptionRequired });
  });
});
