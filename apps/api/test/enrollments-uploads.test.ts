/** Uploaded documents are typed by their content, an SVG is cleaned and never inline, and size and part caps hold. */
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { enrolmentApp, enrolmentServers } from './enrolment-app';
import { JPEG, PNG, GIF, SVG_WITH_SCRIPT, HTML_AS_JPG, POLYGLOT_GIF_HTML, file, type Part } from './fixtures/files';
import { storageKinds } from './storage-kinds';

const { catcher, s3 } = await enrolmentServers();

// The same journeys with documents on local disk and in S3 (s3rver).
describe.each(storageKinds(s3))('enrolment uploads, documents on $name storage', async (storage) => {
  const { app, auth, fields, enrol, stagingFiles } = await enrolmentApp(storage, catcher);

  it('checks types by content: a .jpg that is really HTML gets 415 and leaves no file behind', async () => {
    const res = await enrol([
      ...fields({ email: 'html@example.in' }),
      file('profilePicture', PNG, 'p.png', 'image/png'),
      file('aadharFront', HTML_AS_JPG),
      file('aadharBack', JPEG),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual([{ path: 'aadharFront', message: ENROLLMENT_MESSAGES.fileTypeNotAllowed }]);
    expect(await stagingFiles()).toEqual([]);
    const script = await enrol([
      ...fields({ email: 'js@example.in' }),
      file('profilePicture', Buffer.from('alert(1)'), 'x.jpg'),
    ]);
    expect(script.statusCode).toBe(415);
  });

  it('stores a GIF/HTML polyglot as a GIF, served as image/gif with nosniff', async () => {
    const res = await enrol([
      ...fields({ email: 'poly@example.in' }),
      file('profilePicture', POLYGLOT_GIF_HTML, 'p.gif', 'text/html'),
      file('aadharFront', GIF, 'a.gif', 'image/gif'),
      file('aadharBack', JPEG),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const item = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?search=poly@', headers: auth })
    ).json().data.items[0];
    const doc = await app.inject({ method: 'GET', url: item.profilePictureUrl, headers: auth });
    expect(doc.headers['content-type']).toBe('image/gif');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(String(doc.headers['content-security-policy'])).toContain('sandbox');
  });

  it('sanitizes an SVG and never serves it inline', async () => {
    const res = await enrol([
      ...fields({ email: 'svg@example.in' }),
      file('profilePicture', SVG_WITH_SCRIPT, 'me.svg', 'image/svg+xml'),
      file('aadharFront', JPEG),
      file('aadharBack', JPEG),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const item = (await app.inject({ method: 'GET', url: '/api/student-enrollment?search=svg@', headers: auth })).json()
      .data.items[0];
    const doc = await app.inject({ method: 'GET', url: item.profilePictureUrl, headers: auth });
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="profilePicture.svg"/);
    expect(doc.body).toContain('<rect');
    for (const bad of [/<script/i, /onload/i, /javascript:/i, /foreignObject/i, /<iframe/i])
      expect(doc.body).not.toMatch(bad);
  });

  it('answers 413 for an oversized file and keeps nothing', async () => {
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(1024 * 1024 + 10, 1)]);
    const res = await enrol([...fields({ email: 'big@example.in' }), file('profilePicture', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([{ path: 'profilePicture', message: ENROLLMENT_MESSAGES.fileTooLarge }]);
    expect(await stagingFiles()).toEqual([]);
  });

  it('answers 413 for a 10,000-part request', async () => {
    const parts: Part[] = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const res = await enrol(parts);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(ENROLLMENT_MESSAGES.tooManyParts);
  });
});
