/**
 * What the claim and statement tests start from: an accountant, a course of three installments
 * of ₹3,000, enrolments through the public form with a working link to their page.
 */
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Config } from '../src/config';
import { StudentPageService } from '../src/services/student-page-service';
import { statementUpload } from './fixtures/statements';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { studentSetup } from './student-fixtures';

export async function reconciliationSetup(config: Partial<Config> = {}) {
  const setup = await studentSetup({
    config,
    staffName: 'Accounts',
    course: { price: 9000, emiPrice: [3000, 3000, 3000] },
  });
  const { app, db } = setup;
  const accountant = await makeStaff(db, { name: 'Meena Accounts', role: 'accountant' });
  const auth = bearer(await tokenFor(app, accountant.email, accountant.password));
  const links = new StudentPageService(
    db,
    setup.config,
    async () => {
      throw new Error('not used');
    },
    () => {},
  );

  /** An enrolment (as staff see it) and a token for its page. */
  const enrolment = async (name: string, email: string, language?: string) => {
    const detail = await setup.staffView(await setup.enrol({ name, email, ...(language ? { language } : {}) }));
    const { token } = await links.mintLink(detail._id as string);
    return {
      id: detail._id as string,
      number: detail.enrollmentNumber as string,
      token,
      detail: async () =>
        (await app.inject({ method: 'GET', url: `/api/student-enrollment/${detail._id}`, headers: auth })).json().data,
    };
  };

  const claim = (token: string, body: object) =>
    app.inject({ method: 'POST', url: `/api/student-page-payment-claim/${token}`, payload: body });
  const upload = (data: Buffer | string, filename?: string, headers = auth) => {
    const body = statementUpload(data, filename);
    return app.inject({
      method: 'POST',
      url: '/api/bank-statement',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const statement = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/bank-statement/${id}`, headers: auth })).json().data;
  const act = (lineId: string, body: object) =>
    app.inject({ method: 'POST', url: `/api/bank-statement-line/${lineId}`, headers: auth, payload: body });
  const paymentCount = async () =>
    Number(
      ((await db.execute('select count(*)::int as n from payments')) as unknown as { rows: { n: number }[] }).rows[0]!
        .n,
    );

  return { ...setup, auth, enrolment, claim, upload, statement, act, paymentCount, today: localIsoDate() };
}
