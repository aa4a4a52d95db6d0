/** Announcements: per enrolment or in bulk, with delivery state. */
import { z } from 'zod';
import { enrollmentIdsSchema, bulkSkipSchema } from './bulk-actions';
import { ENROLLMENT_STATUSES } from './constants';
import { exactObject } from './fields';

export const ANNOUNCEMENT_MESSAGES = {
  created: 'Announcement queued',
  bulkQueued: 'Announcement queued for delivery',
  dryRun: 'Recipients counted; nothing was sent',
  resent: 'Announcement queued again',
  deleted: 'Announcement deleted',
  notFound: 'Announcement not found',
  titleRequired: 'Title is required',
  messageRequired: 'Message is required',
  noRecipients: 'No enrolment matches these filters',
} as const;

const title = z
  .string({ error: ANNOUNCEMENT_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: ANNOUNCEMENT_MESSAGES.titleRequired })
  .max(150);
const message = z
  .string({ error: ANNOUNCEMENT_MESSAGES.messageRequired })
  .trim()
  .min(1, { error: ANNOUNCEMENT_MESSAGES.messageRequired })
  .max(5000);

export const announcementInputSchema = z.object({ title, message });

const bulkFilters = {
  courseId: z.uuid().optional(),
  /** Default: approved enrolments. */
  status: z.enum(ENROLLMENT_STATUSES).optional().default('approved'),
  enrollmentIds: z.array(z.uuid()).max(10_000).optional(),
};

/** A dry run only counts the recipients, so it needs no title or message yet. */
export const bulkAnnouncementSchema = z.discriminatedUnion('dryRun', [
  z.object({ ...bulkFilters, dryRun: z.literal(true), title: z.string().optional(), message: z.string().optional() }),
  z.object({ ...bulkFilters, dryRun: z.literal(false).optional().default(false), title, message }),
]);
export type BulkAnnouncementInput = z.input<typeof bulkAnnouncementSchema>;
export type BulkAnnouncement = z.output<typeof bulkAnnouncementSchema>;

/** `POST /api/student-enrollment-announcement-selected`: one announcement to each enrolment chosen on the list. */
export const selectedAnnouncementSchema = exactObject({ enrollmentIds: enrollmentIdsSchema, title, message });
export type SelectedAnnouncement = z.infer<typeof selectedAnnouncementSchema>;
export const selectedAnnouncementResultSchema = z.object({ sent: z.number().int(), skipped: z.array(bulkSkipSchema) });
export type SelectedAnnouncementResult = z.infer<typeof selectedAnnouncementResultSchema>;

export const DELIVERY_STATES = ['queued', 'sending', 'sent', 'failed'] as const;

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  message: z.string(),
  bulk: z.boolean(),
  delivery: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
