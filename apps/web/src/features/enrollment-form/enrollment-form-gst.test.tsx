import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import hindi from '@registrar/contract/locales/hi.json';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { activateLanguage } from '../../shared/i18n/i18n';
import { EnrollmentFormScreen } from './enrollment-form-screen';

const TAX = { gstRate: 18, gstExempt: false };
const EXCLUSIVE = {
  _id: '0195f6a4-0000-7000-8000-000000000001',
  name: 'Full Stack Web Development',
  price: 30000,
  emiPrice: [12000, 10000, 9000],
  taxInclusive: false,
  ...TAX,
};
const INCLUSIVE = {
  _id: '0195f6a4-0000-7000-8000-000000000002',
  name: 'Data Science',
  price: 45000,
  emiPrice: [45000],
  taxInclusive: true,
  ...TAX,
};
const SITE = { instituteName: 'Institute', contactEmail: '', contactPhone: '', companyAddress: '' };

beforeAll(() => activateLanguage('en'));
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await activateLanguage('en');
});

/** The public API, the institute charging GST or not. */
function serve(gstEnabled: boolean) {
  mockFetch().mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/course?type=all') return json(200, { success: true, message: '', data: [EXCLUSIVE, INCLUSIVE] });
    if (url === '/api/site') return json(200, { success: true, message: '', data: { ...SITE, gstEnabled } });
    if (url === '/api/cms/terms_condition')
      return json(200, { success: true, message: '', data: { name: 'Terms', description: '<p>T</p>', version: 1 } });
    throw new Error(`unexpected ${url}`);
  });
}

vi.setConfig({ testTimeout: 30_000 });

/** The lower sections' code loads after the first paint (the first run transforms it too). */
const courseOption = (name: string | RegExp) => screen.findByRole('option', { name }, { timeout: 10_000 });

const choose = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('/student-enrollment while the institute charges GST', () => {
  beforeEach(() => serve(true));

  it('says the GST is added to a tax-exclusive course, in the course list and under the amounts', async () => {
    renderRoute(<EnrollmentFormScreen />, { path: '/student-enrollment' });
    expect(await courseOption('Full Stack Web Development (₹30,000 + 18% GST)')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Data Science (₹45,000)' })).toBeTruthy();

    choose(/^Course/, EXCLUSIVE._id);
    fireEvent.click(screen.getByRole('radio', { name: 'Full payment' }));
    expect(screen.getByText('GST is added to the fee: ₹30,000 + 18% GST = ₹35,400')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'In installments' }));
    expect(screen.getByText('GST is added to the fee: ₹31,000 + 18% GST = ₹36,580')).toBeTruthy();

    choose(/^Course/, INCLUSIVE._id);
    expect(screen.queryByText(/GST is added/)).toBeNull();
  });

  it('says it in Hindi on a Hindi page', async () => {
    renderRoute(<EnrollmentFormScreen />, { path: '/student-enrollment' });
    await courseOption(/Full Stack Web Development/);
    choose(/^Course/, EXCLUSIVE._id);
    fireEvent.click(screen.getByRole('radio', { name: 'Full payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    const note = (hindi as Record<string, string>)['enrol.fees.gstAdded']!.split(':')[0]!;
    expect((await screen.findByText(new RegExp(`^${note}`))).textContent).toMatch(/18% जीएसटी = ₹35,400$/);
  });
});

describe('/student-enrollment while GST is off', () => {
  beforeEach(() => serve(false));

  it('shows the course prices alone', async () => {
    renderRoute(<EnrollmentFormScreen />, { path: '/student-enrollment' });
    expect(await courseOption('Full Stack Web Development (₹30,000)')).toBeTruthy();
    choose(/^Course/, EXCLUSIVE._id);
    fireEvent.click(screen.getByRole('radio', { name: 'Full payment' }));
    expect(screen.queryByText(/GST/)).toBeNull();
  });
});
