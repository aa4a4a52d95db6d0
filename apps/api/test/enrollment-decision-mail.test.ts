import { afterAll, describe, expect, it } from 'vitest';
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
  const decide = (id: string, status: string, note?: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-status/${id}`,
      headers: auth,
      payload: note ? { status, note } : { status },
    });

  it('mails an approval in Hindi to a Hindi student, with the note and the link to their page', async () => {
    const e = await staffView(await enrol({ name: 'आशा वर्मा', email: 'approved.hi@example.in', language: 'hi' }));
    const res = await decide(e._id, 'approved', 'कक्षा सोमवार 10 बजे से');
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
    const mail = await catcher.latestTo('approved.hi@example.in', /स्वीकृत/);
    expect(mail.subject).toBe(`आपका दाख़िला ${e.enrollmentNumber} स्वीकृत हो गया है`);
    expect(mail.text).toContain(`Data Science (${e.enrollmentNumber}) में आपका दाख़िला स्वीकृत हो गया है।`);
    expect(mail.text).toContain('Acme Institute की ओर से एक नोट: कक्षा सोमवार 10 बजे से');
    expect(mail.text).toMatch(/\/my\/[A-Za-z0-9_-]{20,}/);
  });

  it('mails a rejection in English without a page link, and no note when none was given', async () => {
    const e = await staffView(await enrol({ name: 'Ravi Kumar', email: 'rejected.en@example.in' }));
    expect((await decide(e._id, 'rejected')).statusCode).toBe(200);
    await deliver();
    const mail = await catcher.latestTo('rejected.en@example.in', /About your enrolment/);
    expect(mail.subject).toBe(`About your enrolment ${e.enrollmentNumber}`);
    expect(mail.text).toContain(`your enrolment in Data Science (${e.enrollmentNumber}) could not be accepted`);
    expect(mail.text).not.toContain('A note from');
    expect(mail.text).not.toMatch(/\/my\/[A-Za-z0-9_-]{20,}/);
  });
});
