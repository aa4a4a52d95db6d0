/**
 * Follow-ups: every inquiry has an owner (a counsellor or admin), a next follow-up time and a log
 * of contacts. Shared by the server routes and the console screens.
 */
import { z } from 'zod';
import { exactObject } from './fields';
import { INQUIRY_STATUSES, type InquiryStatus } from './inquiry-admin';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, staffRefSchema } from './inquiry-contact';

/** Statuses after which nobody needs to call again: no next follow-up is asked or kept. */
export const FOLLOW_UP_FINAL_STATUSES: readonly InquiryStatus[] = ['closed', 'converted'];
export const needsNextFollowUp = (status: InquiryStatus) => !FOLLOW_UP_FINAL_STATUSES.includes(status);
/** A contact that closes the inquiry: only "Not interested" may, when staff choose to. */
export const closesInquiry = (contact: { outcome: string; closeInquiry?: boolean | undefined }) =>
  contact.outcome === 'not_interested' && contact.closeInquiry === true;

/** How public inquiries get an owner (`INQUIRY_ASSIGNMENT`). */
export const INQUIRY_ASSIGNMENT_MODES = ['none', 'round_robin'] as const;
export type InquiryAssignmentMode = (typeof INQUIRY_ASSIGNMENT_MODES)[number];

export const FOLLOW_UP_MESSAGES = {
  contactAdded: 'Contact added',
  followUpSaved: 'Follow-up saved',
  nextFollowUpRequired: 'Choose when to follow up next',
  nextFollowUpInPast: 'The next follow-up must be in the future',
  ownerNotAllowed: 'The owner must be an active counsellor or admin',
  othersFollowUps: 'You may only see your own follow-ups',
  ownerNotFound: 'Staff member not found',
  assignNotAllowed: 'Only an admin may give an inquiry to someone else',
  finalStatus: 'A closed or converted inquiry needs no follow-up',
  channelRequired: 'Choose how you contacted them',
  outcomeRequired: 'Choose the outcome',
  noteInvalid: 'The note must be text of at most 1000 characters',
  ownerOrNextRequired: 'Give an owner or a next follow-up',
} as const;

/** A moment as the browser sends it: ISO 8601 with an offset (`2026-11-25T10:30:00.000Z`). */
const moment = z.iso.datetime({ offset: true, error: FOLLOW_UP_MESSAGES.nextFollowUpRequired });

/** `POST /api/inquiry-contact/{id}`: one contact with a student and, unless the inquiry is closed or converted, the next step. */
export const inquiryContactRequestSchema = exactObject({
  channel: z.enum(CONTACT_CHANNELS, { error: FOLLOW_UP_MESSAGES.channelRequired }),
  outcome: z.enum(CONTACT_OUTCOMES, { error: FOLLOW_UP_MESSAGES.outcomeRequired }),
  note: z
    .string({ error: FOLLOW_UP_MESSAGES.noteInvalid })
    .trim()
    .max(1000, { error: FOLLOW_UP_MESSAGES.noteInvalid })
    .optional(),
  nextFollowUpAt: moment.optional(),
  /** With "Not interested": close the inquiry instead of setting a next follow-up. */
  closeInquiry: z.boolean().optional(),
});
export type InquiryContactRequest = z.infer<typeof inquiryContactRequestSchema>;

/** `PUT /api/inquiry-follow-up/{id}`: the owner and/or the next follow-up; null clears one, absent keeps it. */
export const inquiryFollowUpRequestSchema = exactObject({
  ownerId: z.uuid({ error: FOLLOW_UP_MESSAGES.ownerNotAllowed }).nullable().optional(),
  nextFollowUpAt: moment.nullable().optional(),
}).refine((v) => typeof v !== 'object' || v === null || v.ownerId !== undefined || v.nextFollowUpAt !== undefined, {
  error: FOLLOW_UP_MESSAGES.ownerOrNextRequired,
});
export type InquiryFollowUpRequest = z.infer<typeof inquiryFollowUpRequestSchema>;

/** `GET /api/follow-ups`: whose follow-ups (admins may name anyone; others see their own). */
export const followUpsQuerySchema = z.object({
  ownerId: z.uuid({ error: FOLLOW_UP_MESSAGES.ownerNotFound }).optional(),
});

export const followUpItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phoneNumber: z.string(),
  status: z.enum(INQUIRY_STATUSES),
  areaOfInterest: z.array(z.string()),
  nextFollowUpAt: z.string(),
  lastContactAt: z.string().nullable(),
  /** What the last contact's note said ("Wants EMI details"), to read before calling. */
  lastNote: z.string().nullable(),
});
export type FollowUpItem = z.infer<typeof followUpItemSchema>;

export const followUpsSchema = z.object({
  owner: staffRefSchema,
  overdue: z.array(followUpItemSchema),
  today: z.array(followUpItemSchema),
  upcoming: z.array(followUpItemSchema),
  /** Staff who may own inquiries, for the admins' "whose" choice and the owner field. */
  owners: z.array(staffRefSchema),
});
export type FollowUps = z.infer<typeof followUpsSchema>;

/** How many upcoming follow-ups the screen lists (the overdue and today's are all listed). */
export const FOLLOW_UPS_UPCOMING_MAX = 50;

/** The WhatsApp message to a student, naming them and the course they asked about. */
export const whatsAppMessage = (student: string, course: string) =>
  `Hello ${student}, thank you for asking about ${course}. When would be a good time to talk about your admission?`;

/** wa.me wants the number with its country code and no plus; numbers here are Indian mobiles. */
export const whatsAppLink = (phone: string, text: string) =>
  `https://wa.me/91${phone.replace(/\D/g, '').slice(-10)}?text=${encodeURIComponent(text)}`;
