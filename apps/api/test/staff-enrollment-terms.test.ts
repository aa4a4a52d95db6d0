/** Terms at the desk: accepted before a staff member, or left to the student's page by the link mailed to them. */
import { afterAll, describe, expect, it } from 'vitest';
import { addMonths } from '@registrar/contract/fee-plan';
import { localIsoDate } from '@registrar/contract/enrollment';
import { STAFF_ENROLLMENT_MESSAGES } from '@registrar/contract/staff-enrollment';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { build } from './build-app';
import { createCourse, postStaffEnrollment } from './fixtures/enrolments';
import { startMailCatcher } from './mail-catcher';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('terms at the desk', async () => {
  const { app, database } = await build({ config: { smtpUrl: catcher.url } });
  const priya = await makeStaff(database.db, { name: 'Priya Nair', role: 'counsellor' });
  const desk = bearer(await tokenFor(app, priya.email, priya.password));
  const boss = await makeStaff(database.db, { name: 'The admin', role: 'admin' });
  const admin = bearer(await tokenFor(app, boss.email, boss.password));
  const course = await createCourse(app, admin, { name: 'Tally Prime', price: 20000, emiPrice: [10000, 10000] });
  for (const description of ['<p>First</p>', '<p>Second</p>', '<p>Third</p>'])
    await app.inject({ method: 'PUT', url: '/api/cms/terms_condition', headers: admin, payload: { description } });

  const walkIn = {
    courseId: course._id,
    paymentMethod: 'installment',
    name: 'Walk In',
    currentAddress: '4 Station Road, Nagpur',
    phoneNumber: '9876543210',
    permanentAddress: '4 Station Road, Nagpur',
    currentlyWorking: 'other',
    startDate: addMonths(localIsoDate(), 1),
    currentlyWorkingPlace: 'Home',
  };

  const enrol = (email: string, extra: Record<string, string>) =>
    postStaffEnrollment(app, desk, { ...walkIn, email, ...extra });
  const mailTo = async (email: string) => {
    while ((await app.outbox.runOnce()) > 0);
    return catcher.latestTo(email, /Your enrolment ENR-/);
  };
  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: admin })).json().data;

  it('records acceptance at the desk with the staff member who saw it and the version shown', async () => {
    const res = await enrol('desk@example.com', { termsAcceptance: 'desk', termsVersion: '3' });
    expect(res.statusCode).toBe(201);
    const e = await detail(res.json().data._id);
    expect(e).toMatchObject({ termsVersion: 3, consentVia: 'desk', consentBy: 'Priya Nair', termsLinkSentAt: null });
    expect(e.consentedAt).not.toBeNull();
    const mail = await mailTo('desk@example.com');
    expect(mail.text).not.toContain('accept our terms');
  });

  it('refuses acceptance of terms the desk did not show (changed since the form opened)', async () => {
    const res = await enrol('stale@example.com', { termsAcceptance: 'desk', termsVersion: '2' });
    expect(res.statusCode).toBe(409);
  });

  it('records no acceptance while the link is out, and says when it was sent', async () => {
    const res = await enrol('link@example.com', { termsAcceptance: 'link' });
    expect(res.statusCode).toBe(201);
    const e = await detail(res.json().data._id);
    expect(e).toMatchObject({ termsVersion: null, consentedAt: null, consentVia: null, consentBy: null });
    expect(e.termsLinkSentAt).not.toBeNull();
    const mail = await mailTo('link@example.com');
    expect(mail.text).toContain('Please read and accept our terms and conditions on your page');
    expect(mail.text).toMatch(/\/my\/[A-Za-z0-9_-]{43}/);
  });

  it('refuses an unknown choice with its message', async () => {
    const res = await enrol('odd@example.com', { termsAcceptance: 'later' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAFF_ENROLLMENT_MESSAGES.termsChoice);
  });

  it('lets the student accept the current terms on their page, once, and the enrolment then says so', async () => {
    const id = (await enrol('page@example.com', { termsAcceptance: 'link' })).json().data._id;
    const { token } = await app.studentPageService.mintLink(id);
    const page = (await app.inject({ method: 'GET', url: `/api/student-page/${token}` })).json().data;
    expect(page.termsToAccept).toMatchObject({ version: 3, description: '<p>Third</p>' });
    const accept = (version: unknown) =>
      app.inject({ method: 'POST', url: `/api/student-page-terms/${token}`, payload: { version } });

    expect((await accept(2)).statusCode).toBe(409);
    expect((await accept('three')).json().message).toBe(STUDENT_PAGE_MESSAGES.termsVersionRequired);
    const ok = await accept(3);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(STUDENT_PAGE_MESSAGES.termsAccepted);
    expect((await accept(3)).json().message).toBe(STUDENT_PAGE_MESSAGES.termsAlreadyAccepted);

    const e = await detail(id);
    expect(e).toMatchObject({ termsVersion: 3, consentVia: 'page', consentBy: null });
    expect(e.consentedAt).not.toBeNull();
    expect(e.history.map((h: { note: string }) => h.note)).toContain(
      'The student accepted the terms (version 3) on their page',
    );
    const after = (await app.inject({ method: 'GET', url: `/api/student-page/${token}` })).json().data;
    expect(after.termsToAccept).toBeNull();
  });

  it('asks nothing on the page of a student who accepted at the desk', async () => {
    const id = (await enrol('done@example.com', { termsAcceptance: 'desk', termsVersion: '3' })).json().data._id;
    const { token } = await app.studentPageService.mintLink(id);
    const page = (await app.inject({ method: 'GET', url: `/api/student-page/${token}` })).json().data;
    expect(page.termsToAccept).toBeNull();
  });
});
