import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { formatDate } from '@registrar/contract/language';
import { startMailCatcher } from './mail-catcher';
import { pdfText } from './pdf-text';
import { studentSetup } from './student-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());
let ip = 0;
const nextIp = () => `10.140.${Math.floor(++ip / 200)}.${ip % 200}`;

describe("the student's language: stored with the inquiry and enrolment, used by their mails and statement", async () => {
  const { app, db, auth, deliver, ...student } = await studentSetup({
    config: { smtpUrl: catcher.url, instituteName: 'Acme Institute', contactPhone: '9876500000' },
    staffName: 'Accounts',
    course: { price: 123456.5, emiPrice: [61728.25, 61728.25] },
  });

  const inquiry = (extra: object) =>
    app.inject({
      method: 'POST',
      url: '/api/inquiry',
      remoteAddress: nextIp(),
      payload: {
        name: 'आशा वर्मा',
        address: '12 एमजी रोड, पुणे',
        email: `asha${++ip}@example.in`,
        phoneNumber: '9876543210',
        areaOfInterest: ['Data Science'],
        reference: 'website',
        ...extra,
      },
    });
  const inquiryLanguage = async (email: string) =>
    (
      (await app.inject({ method: 'GET', url: `/api/inquiry?search=${email}`, headers: auth })).json().data
        .items[0] as { language: string }
    ).language;

  it("stores an inquiry's language, English when none is given, and refuses any other", async () => {
    const hindi = await inquiry({ language: 'hi', email: 'hindi.inquiry@example.in' });
    expect(hindi.statusCode, hindi.body).toBe(201);
    expect(await inquiryLanguage('hindi.inquiry@example.in')).toBe('hi');
    expect((await inquiry({ email: 'plain.inquiry@example.in' })).statusCode).toBe(201);
    expect(await inquiryLanguage('plain.inquiry@example.in')).toBe('en');
    const french = await inquiry({ language: 'fr' });
    expect(french.statusCode).toBe(400);
    expect(french.json().errors[0].path).toBe('language');
  });

  const enrol = async (email: string, language?: string) =>
    student.staffView(await student.enrol({ name: 'आशा वर्मा', email, ...(language ? { language } : {}) }));

  it('mails a Hindi enrolment confirmation, fee reminder and announcement frame to a Hindi student', async () => {
    const e = await enrol('hindi.student@example.in', 'hi');
    expect(e.language).toBe('hi');
    await deliver();
    const confirmation = await catcher.latestTo('hindi.student@example.in', /दाख़िला/);
    expect(confirmation.subject).toBe(`Acme Institute में आपका दाख़िला ${e.enrollmentNumber}`);
    expect(confirmation.text).toContain('प्रिय आशा वर्मा,');
    expect(confirmation.text).toContain(`Data Science में दाख़िला लेने के लिए धन्यवाद।`);
    expect(confirmation.text).toContain('कुल फ़ीस ₹1,23,456.50 है।');
    expect(String(confirmation.html)).toContain('<html lang="hi">');

    const alert = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment-alert/${e._id}`,
      headers: auth,
      payload: {},
    });
    expect(alert.statusCode, alert.body).toBe(200);
    await deliver();
    const reminder = await catcher.latestTo('hindi.student@example.in', /फ़ीस के लिए रिमाइंडर/);
    expect(reminder.text).toContain('कुल बकाया: ₹1,23,456.50।');
    const due = formatDate(e.installments[0].dueDate, 'hi', { style: 'long' });
    expect(due).toMatch(/[\u0900-\u097f]/); // the month's name in Devanagari
    expect(reminder.text).toContain(`किस्त 1: ₹61,728.25 की अंतिम तारीख़ ${due} है।`);
    expect(reminder.text).toContain('कोई सवाल? 9876500000 पर कॉल करें');

    const announced = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-annocument/${e._id}`,
      headers: auth,
      payload: { title: 'Batch moves', message: 'Classes move to 6 pm.' },
    });
    expect(announced.statusCode, announced.body).toBe(200);
    await deliver();
    const announcement = await catcher.latestTo('hindi.student@example.in', /Batch moves/);
    expect(announcement.text).toContain('प्रिय आशा वर्मा,');
    expect(announcement.text).toContain('Classes move to 6 pm.');
  });

  it('keeps mails English for a student who wrote in English (no language given)', async () => {
    const e = await enrol('english.student@example.in');
    expect(e.language).toBe('en');
    await deliver();
    const confirmation = await catcher.latestTo('english.student@example.in', /Your enrolment/);
    expect(confirmation.text).toContain('Dear आशा वर्मा,');
    expect(confirmation.text).toContain('the total fee is ₹1,23,456.50.');
  });

  const requestLink = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/student-link-request',
      payload: { email },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await deliver();
  };
  const pageLink = /\/my\/[A-Za-z0-9_-]{43}\b/;

  it("mails a link asked for at /my, and one staff send, in a Hindi student's language", async () => {
    const e = await enrol('hindi.link@example.in', 'hi');
    await deliver();
    await requestLink('Hindi.Link@example.in');
    const asked = await catcher.latestTo('hindi.link@example.in', /आपका पेज/);
    expect(asked.subject).toBe(`Acme Institute में ${e.enrollmentNumber} के लिए आपका पेज`);
    expect(asked.text).toContain('प्रिय आशा वर्मा,');
    expect(asked.text).toContain(`${e.enrollmentNumber} (Data Science) के लिए आपके पेज का लिंक यह रहा।`);
    expect(asked.text).toMatch(new RegExp(`आपका अपना पेज .*30 दिनों के लिए मान्य: \\S*${pageLink.source}`));
    expect(asked.text).toContain('अगर आपने यह लिंक नहीं माँगा था, तो इस मेल को अनदेखा कर दें।');
    expect(asked.text).toContain('कोई सवाल? 9876500000 पर कॉल करें');
    expect(asked.text).not.toMatch(/Your page|Here is the link|Dear /);
    expect(String(asked.html)).toContain('<html lang="hi">');

    const sent = await app.inject({ method: 'POST', url: `/api/student-enrollment-link/${e._id}`, headers: auth });
    expect(sent.statusCode, sent.body).toBe(200);
    await deliver();
    const renewed = await catcher.latestTo('hindi.link@example.in', /आपका पेज/);
    expect(renewed.messageId).not.toBe(asked.messageId);
    expect(renewed.text).toContain(`संस्थान ने आपको ${e.enrollmentNumber} के लिए आपके पेज का नया लिंक भेजा है;`);
    expect(renewed.text).toMatch(pageLink);
  });

  it('keeps the link mail word for word in English for an English student', async () => {
    const e = await enrol('english.link@example.in');
    await deliver();
    await requestLink('english.link@example.in');
    const asked = await catcher.latestTo('english.link@example.in', /Your page/);
    expect(asked.subject).toBe(`Your page for ${e.enrollmentNumber} at Acme Institute`);
    expect(asked.text).toContain('Dear आशा वर्मा,');
    expect(asked.text).toContain(`Here is the link to your page for ${e.enrollmentNumber} (Data Science).`);
    expect(asked.text).toMatch(new RegExp(`valid for 30 days: \\S*${pageLink.source}`));
    expect(asked.text).toContain('If you did not ask for this link, you can ignore this mail.');
    expect(asked.text).toContain('Questions? Call 9876500000 or write to');
    expect(String(asked.html)).toContain('<html lang="en">');
  });

  it("sends the reminder job's mails in the student's language", async () => {
    const e = await enrol('hindi.job@example.in', 'hi');
    const dueDate = e.installments[0].dueDate as string;
    await db.execute(sql`delete from payment_reminders`);
    const before = new Date(Date.parse(`${dueDate}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
    expect(await app.reminders.runOnce(before)).toBeGreaterThan(0);
    await deliver();
    const mail = await catcher.latestTo('hindi.job@example.in', /की अंतिम तारीख़/);
    expect(mail.text).toContain(`किस्त 1 (₹61,728.25) की अंतिम तारीख़ ${formatDate(dueDate, 'hi', { style: 'long' })} है।`);
    // The link opens the student's page with that installment ready to pay.
    expect(mail.text).toMatch(/\/my\/[A-Za-z0-9_-]{43}\?pay=1\b/);
    expect(String(mail.html)).toMatch(/href="[^"]*\/my\/[A-Za-z0-9_-]{43}\?pay=1"/);
  });

  it('prints the fee statement of a Hindi student with Hindi labels, read back with pdftotext', async () => {
    const e = await enrol('hindi.pdf@example.in', 'hi');
    const res = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-fee-download/${e._id}`,
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    // pdftotext gives shaped Devanagari in visual order (the vowel sign ि before its consonant, a
    // reph after its syllable), so the fragments read here are ones that shaping does not reorder.
    for (const expected of [
      'फ़ीस',
      `तारीख़: ${localIsoDate().split('-').reverse().join('/')}`,
      ': आशा',
      `नंबर: ${e.enrollmentNumber}`,
      ': Data Science · ',
      'तों की सूची',
      'भुगतान की तारीख़',
      'रसीद',
      'कुछ नहीं',
      '₹61,728.25',
      'कुल फ़ीस: ₹1,23,456.50',
      'बकाया: ₹1,23,456.50',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('Fee statement');
  });
});
