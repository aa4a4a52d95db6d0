/**
 * The students' catalogues stay whole: every id in one language is in the other, every id is used
 * by the code, every id the code asks for exists, every text is valid ICU MessageFormat, and a
 * translation keeps the English text's placeholders and markup. The contract's English messages
 * are the English side of the `messages.*` ids, and every sentence the server may answer a
 * student's screen with has its Hindi.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  ENROLLMENT_MESSAGES,
  INQUIRY_MESSAGES,
  ONLINE_PAYMENT_MESSAGES,
  STUDENT_PAGE_MESSAGES,
} from '@registrar/contract/answer-messages';
import { MESSAGES } from '@registrar/contract/messages';
import en from '@registrar/contract/locales/en.json';
import hi from '@registrar/contract/locales/hi.json';
import { MESSAGE_TEXTS, messageId } from './server-messages';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const english: Record<string, string> = en;
const hindi: Record<string, string> = hi;
const messageIds = [...MESSAGE_TEXTS.keys()];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}
const code = ['apps/web/src', 'apps/api/src']
  .flatMap((dir) => sources(path.join(repo, dir)))
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');

/** Ids the code names whole, and the stems of ids it builds (`enrol.working.${value}`). */
const named = new Set([...code.matchAll(/['"`]((?:[a-z][A-Za-z_]*\.)+[A-Za-z_]+)['"`]/g)].map((m) => m[1]!));
const stems = [...code.matchAll(/`((?:[a-z][A-Za-z_]*\.)+)\$\{/g)].map((m) => m[1]!);
/** Ids the code asks a catalogue for: t('…'), _('…'), <T id="…">. */
const asked = new Set(
  [...code.matchAll(/\b(?:t|_)\(\s*'([^']+)'/g), ...code.matchAll(/\bid="([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((id) => /^(?:[a-z][A-Za-z_]*\.)+[A-Za-z_]+$/.test(id)),
);

/** The placeholders and markup tags of an ICU text, sorted. */
const slots = (text: string) => [...text.matchAll(/\{\s*(\w+)|<\/?(\d+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe("the students' catalogues", () => {
  it('have the same ids in English and Hindi (the English of messages.* is the contract)', () => {
    const englishIds = [...Object.keys(english), ...messageIds.filter((id) => id in hindi)];
    expect(Object.keys(hindi).sort()).toEqual([...new Set(englishIds)].sort());
    expect(Object.keys(english).filter((id) => id.startsWith('messages.'))).toEqual([]);
    expect(Object.keys(hindi).filter((id) => id.startsWith('messages.') && !messageIds.includes(id))).toEqual([]);
  });

  it('has no id the code does not use', () => {
    const unused = Object.keys(english).filter((id) => !named.has(id) && !stems.some((stem) => id.startsWith(stem)));
    expect(unused).toEqual([]);
  });

  it('has every id the code asks for', () => {
    expect([...asked].filter((id) => !(id in english) && !(id in hindi))).toEqual([]);
  });

  it('holds valid ICU texts, and each translation keeps the placeholders and markup', () => {
    for (const [id, text] of Object.entries(hindi)) {
      expect(() => compileMessageOrThrow(text), id).not.toThrow();
      const source = english[id] ?? MESSAGE_TEXTS.get(id)!;
      expect(slots(text), id).toEqual(slots(source));
      expect(text, id).toMatch(/[\u0900-\u097f]|^[^A-Za-z]*$|^(?:इंस्टाग्राम|\{name\} \(\{price\}\))$/);
    }
    for (const text of Object.values(english)) expect(() => compileMessageOrThrow(text)).not.toThrow();
  });

  it("has the Hindi of every sentence the server answers a student's screen with", () => {
    const answers = [
      // POST /api/inquiry
      INQUIRY_MESSAGES.received,
      INQUIRY_MESSAGES.unknownAreaOfInterest,
      INQUIRY_MESSAGES.tooManyFromConnection,
      // POST /api/student-enrollment (uploads, consent, limits)
      ENROLLMENT_MESSAGES.received,
      ENROLLMENT_MESSAGES.alreadyEnrolled,
      ENROLLMENT_MESSAGES.courseUnavailable,
      ENROLLMENT_MESSAGES.amountsDisagree,
      ENROLLMENT_MESSAGES.fileTooLarge,
      ENROLLMENT_MESSAGES.fileTypeNotAllowed,
      ENROLLMENT_MESSAGES.tooManyParts,
      ENROLLMENT_MESSAGES.malformedMultipart,
      ENROLLMENT_MESSAGES.termsChanged,
      ENROLLMENT_MESSAGES.tooManyFromConnection,
      // the student's page
      STUDENT_PAGE_MESSAGES.linkRequested,
      STUDENT_PAGE_MESSAGES.linkNotFound,
      STUDENT_PAGE_MESSAGES.requestRecorded,
      STUDENT_PAGE_MESSAGES.requestAlreadyOpen,
      STUDENT_PAGE_MESSAGES.receiptNotFound,
      STUDENT_PAGE_MESSAGES.termsAccepted,
      STUDENT_PAGE_MESSAGES.termsAlreadyAccepted,
      STUDENT_PAGE_MESSAGES.phoneMessagesOn,
      STUDENT_PAGE_MESSAGES.phoneMessagesOff,
      STUDENT_PAGE_MESSAGES.phoneMessagesRequired,
      // POST /api/student-page-payment-claim ("I have paid")
      STUDENT_PAGE_MESSAGES.claimRecorded,
      STUDENT_PAGE_MESSAGES.claimInstallmentUnknown,
      STUDENT_PAGE_MESSAGES.claimAmountTooMuch,
      STUDENT_PAGE_MESSAGES.claimUtrInvalid,
      STUDENT_PAGE_MESSAGES.claimPaidOnInFuture,
      STUDENT_PAGE_MESSAGES.claimAlreadyOpen,
      STUDENT_PAGE_MESSAGES.claimUtrRecorded,
      STUDENT_PAGE_MESSAGES.claimClosed,
      STUDENT_PAGE_MESSAGES.claimInstallmentPaid,
      STUDENT_PAGE_MESSAGES.claimPaidOnBeforeEnrolment,
      STUDENT_PAGE_MESSAGES.claimTooManyOpen,
      // POST /api/student-page-payment, its return and status (paying online)
      ONLINE_PAYMENT_MESSAGES.gatewayOff,
      ONLINE_PAYMENT_MESSAGES.nothingToPay,
      ONLINE_PAYMENT_MESSAGES.installmentNotFound,
      ONLINE_PAYMENT_MESSAGES.enrollmentClosed,
      ONLINE_PAYMENT_MESSAGES.gatewayUnavailable,
      ONLINE_PAYMENT_MESSAGES.signatureInvalid,
      ONLINE_PAYMENT_MESSAGES.orderNotFound,
      ONLINE_PAYMENT_MESSAGES.orderCreated,
      ONLINE_PAYMENT_MESSAGES.paymentReceived,
      ONLINE_PAYMENT_MESSAGES.paymentPending,
      ONLINE_PAYMENT_MESSAGES.paymentFailed,
      ONLINE_PAYMENT_MESSAGES.nothingOverdue,
      // any public call
      MESSAGES.validationFailed,
      MESSAGES.tooManyRequests,
      MESSAGES.networkError,
      MESSAGES.somethingWentWrong,
      MESSAGES.databaseUnavailable,
      MESSAGES.payloadTooLarge,
      MESSAGES.valueNotStorable,
      MESSAGES.requestTimeout,
      MESSAGES.requestMalformed,
    ];
    expect(answers.filter((text) => !(messageId(text)! in hindi))).toEqual([]);
  });
});
