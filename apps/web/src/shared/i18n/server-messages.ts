/**
 * The sentences the server writes that a student's screen shows (toasts, notices, field errors),
 * found in the catalogue by the contract's name for them. The wire and the English screens keep
 * the contract's English text; the Hindi catalogue translates it under `messages.<name>` (the
 * generic messages) or `messages.<group>.<name>` (inquiries, enrolments, the student's page, paying online).
 * The answer's `error` code cannot pick the sentence (one CONFLICT is "already enrolled" or "the
 * terms have changed"); its text can, and that text is the contract's constant.
 */
import {
  ENROLLMENT_MESSAGES,
  INQUIRY_MESSAGES,
  ONLINE_PAYMENT_MESSAGES,
  STUDENT_PAGE_MESSAGES,
} from '@registrar/contract/answer-messages';
import { MESSAGES } from '@registrar/contract/messages';

const GROUPS: Record<string, Record<string, string>> = {
  '': MESSAGES,
  'inquiry.': INQUIRY_MESSAGES,
  'enrollment.': ENROLLMENT_MESSAGES,
  'studentPage.': STUDENT_PAGE_MESSAGES,
  'onlinePayment.': ONLINE_PAYMENT_MESSAGES,
};

/** Catalogue id → the contract's English text, for every message a screen can look up. */
export const MESSAGE_TEXTS: ReadonlyMap<string, string> = new Map(
  Object.entries(GROUPS).flatMap(([prefix, group]) =>
    Object.entries(group).map(([name, text]) => [`messages.${prefix}${name}`, text] as const),
  ),
);

// A text two groups share ('Status updated') is found under the first group that has it.
const ID_OF_TEXT = new Map<string, string>();
for (const [id, text] of MESSAGE_TEXTS) if (!ID_OF_TEXT.has(text)) ID_OF_TEXT.set(text, id);

/** The catalogue id of one of the contract's English messages, if it is one. */
export const messageId = (english: string): string | undefined => ID_OF_TEXT.get(english);
