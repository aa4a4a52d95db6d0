/** The server's messages in the student's language, a particular after the colon kept as sent. */
import { afterEach, describe, expect, it } from 'vitest';
import hindi from '@registrar/contract/locales/hi.json';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { activateLanguage } from './i18n';
import { studentPageCatalogue } from './student-page-catalogue';
import { translateMessage } from './translate';

const hi: Record<string, string> = hindi;

afterEach(async () => {
  await activateLanguage('en', studentPageCatalogue);
});

describe('translateMessage', () => {
  it('translates a known message, and one naming a receipt after its colon', async () => {
    await activateLanguage('hi', studentPageCatalogue);
    expect(translateMessage(STUDENT_PAGE_MESSAGES.claimTooManyOpen)).toBe(hi['messages.studentPage.claimTooManyOpen']);
    expect(translateMessage(`${STUDENT_PAGE_MESSAGES.claimUtrRecorded}: RCPT-2026-000123`)).toBe(
      `${hi['messages.studentPage.claimUtrRecorded']}: RCPT-2026-000123`,
    );
    expect(translateMessage('Something the catalogue does not know: x')).toBe(
      'Something the catalogue does not know: x',
    );
  });
});
