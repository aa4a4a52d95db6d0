import { afterAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES, REJECTION_REASONS } from '@registrar/contract/enrollment-admin';
import { startMailCatcher } from './mail-catcher';
import { studentSetup } from './student-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('students hear of decisions on their enrolment', async () => {
  const { app, auth, deliver, enrol, staffView } = await studentSetup({
    config: { smtpUrl: catcher.url, instituteName: 'Acme Institute' },
    staffName: 'Admissions',
    course: { price: 20000, emiPrice: [10000, 10000] },
  });
  const decide = (id: string, status: string, words: { note?: string; message?: string; reason?: string } = {}) =>
    app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-status/${id}`,
      headers: auth,
      payload: { status, ...words },
    });

  it('mails an approval in Hindi to a Hindi student, with the message and the link to their page', async () => {
    const e = await staffView(await enrol({ name: 'आशा वर्मा', email: 'approved.hi@example.in', language: 'hi' }));
    const res = await decide(e._id, 'approved', { message: 'कक्षा सोमवार 10 बजे से' });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const mail = await catcher.latestTo('approved.hi@example.in', /स्वीकृत/);
    expect(mail.subject).toBe(`आपका दाख़िला ${e.enrollmentNumber} स्वीकृत हो गया है`);
    expect(mail.text).toContain(`Data Science (${e.enrollmentNumber}) में आपका दाख़िला स्वीकृत हो गया है।`);
    expect(mail.text).toContain('Acme Institute की ओर से एक नोट: कक्षा सोमवार 10 बजे से');
    expect(mail.text).toMatch(/\/my\/[A-Za-z0-9_-]{20,}/);
  });

  it('mails a rejection in English with its reason, without a page link, and no note when none was given', async () => {
    const e = await staffView(await enrol({ name: 'Ravi Kumar', email: 'rejected.en@example.in' }));
    expect((await decide(e._id, 'rejected', { reason: REJECTION_REASONS[0] })).statusCode).toBe(200);
    await deliver();
    const mail = await catcher.latestTo('rejected.en@example.in', /About your enrolment/);
    expect(mail.subject).toBe(`About your enrolment ${e.enrollmentNumber}`);
    expect(mail.text).toContain(`your enrolment in Data Science (${e.enrollmentNumber}) could not be accepted`);
    expect(mail.text).toContain(`The reason: ${REJECTION_REASONS[0]}`);
    expect(mail.text).not.toContain('A note from');
    expect(mail.text).not.toMatch(/\/my\/[A-Za-z0-9_-]{20,}/);
  });

  it('refuses a rejection without a reason, and keeps the internal note out of the mail (in the history only)', async () => {
    const e = await staffView(await enrol({ name: 'Meera Iyer', email: 'internal.en@example.in' }));
    const bare = await decide(e._id, 'rejected', { note: 'no reason given' });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().errors).toEqual([{ path: 'reason', message: ENROLLMENT_MESSAGES.rejectionReasonRequired }]);
    expect((await staffView(e.enrollmentNumber)).status).toBe('pending');

    const res = await decide(e._id, 'rejected', {
      reason: 'Aadhaar photo unreadable',
      note: 'Father called, seemed unsure about fees',
      message: 'Please apply again with a clear photo.',
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const mail = await catcher.latestTo('internal.en@example.in', /About your enrolment/);
    expect(mail.text).toContain('The reason: Aadhaar photo unreadable');
    expect(mail.text).toContain('A note from Acme Institute: Please apply again with a clear photo.');
    expect(mail.text).not.toContain('Father called');
    expect(String(mail.html)).not.toContain('Father called');
    const history = res.json().data.history as { kind: string; note: string | null }[];
    const decision = history.find((h) => h.kind === 'status_changed')!;
    expect(decision.note).toContain('Reason: Aadhaar photo unreadable');
    expect(decision.note).toContain('Father called, seemed unsure about fees');
    expect(decision.note).toContain('Told the student: Please apply again with a clear photo.');
  });
});
