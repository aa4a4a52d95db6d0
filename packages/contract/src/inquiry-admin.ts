/** The staff side of inquiries: statuses, timeline, filters, edits. */
import { z } from 'zod';
import { INQUIRY_WORKING_AS_OPTIONS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, REFERENCE_OPTIONS } from './constants';
import { inquirySchema } from './inquiry';
import { inquiryContactSchema, staffRefSchema } from './inquiry-contact';
import { LANGUAGES } from './language';

export { INQUIRY_MESSAGES } from './answer-messages';

export const INQUIRY_STATUSES = ['new', 'contacted', 'follow_up', 'converted', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  follow_up: 'Follow-up',
  converted: 'Converted',
  closed: 'Closed',
};

/** Allowed moves: forward through the funnel; a closed lead can be reopened; converted is final. */
export const INQUIRY_TRANSITIONS: Record<InquiryStatus, readonly InquiryStatus[]> = {
  new: ['contacted', 'follow_up', 'converted', 'closed'],
  contacted: ['follow_up', 'converted', 'closed'],
  follow_up: ['contacted', 'converted', 'closed'],
  converted: [],
  closed: ['contacted'],
};

/** A field bots fill and people never see (the public form hides it). */
export const INQUIRY_HONEYPOT_FIELD = 'middleName';

/** `POST /api/inquiry`: the public form plus the honeypot. */
export const inquiryRequestSchema = inquirySchema.extend({
  [INQUIRY_HONEYPOT_FIELD]: z.string().max(200).optional(),
});

export const inquiryStatusChangeSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Choose a status' }),
  note: z.string().trim().max(1000).optional(),
});

export const INQUIRY_SORTS = ['createdAt', '-createdAt', 'name', '-name', 'status', '-status'] as const;

export const inquiryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  search: z.string().trim().max(100).optional(),
  status: z.enum(INQUIRY_STATUSES).optional(),
  reference: z.enum(REFERENCE_OPTIONS).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  sort: z.enum(INQUIRY_SORTS).default('-createdAt'),
  /** An owner's id, or `none` for inquiries nobody owns. */
  ownerId: z.union([z.uuid(), z.literal('none')]).optional(),
  /** `yes`: a logged contact or a status past New; `no`: neither; `logged`: a logged contact (what the median is over). */
  contacted: z.enum(['yes', 'no', 'logged']).optional(),
});
export type InquiryListQuery = z.infer<typeof inquiryListQuerySchema>;

export const inquiryEventSchema = z.object({
  _id: z.string(),
  kind: z.enum(['created', 'updated', 'status_changed', 'converted']),
  fromStatus: z.enum(INQUIRY_STATUSES).nullable(),
  toStatus: z.enum(INQUIRY_STATUSES).nullable(),
  note: z.string().nullable(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
});

export const inquiryRecordSchema = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  currentlyWorkingAs: z.enum(INQUIRY_WORKING_AS_OPTIONS).nullable(),
  currentlyAt: z.string().nullable(),
  areaOfInterest: z.array(z.string()),
  reference: z.enum(REFERENCE_OPTIONS),
  friendName: z.string().nullable(),
  friendWorkingArea: z.string().nullable(),
  courseId: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  duplicateOf: z.string().nullable(),
  /** The counsellor or admin who follows this inquiry up. */
  ownerId: z.string().nullable(),
  nextFollowUpAt: z.string().nullable(),
  firstContactAt: z.string().nullable(),
  /** The language the visitor filled the form in. */
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InquiryRecord = z.infer<typeof inquiryRecordSchema>;

export const inquiryDetailSchema = inquiryRecordSchema.extend({
  history: z.array(inquiryEventSchema),
  duplicate: z.object({ _id: z.string(), name: z.string(), createdAt: z.string() }).nullable(),
  owner: staffRefSchema.nullable(),
  /** Newest first. */
  contacts: z.array(inquiryContactSchema),
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;
