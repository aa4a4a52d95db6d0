/** The contact log of an inquiry: how a student was reached, what came of it, who and when. */
import { z } from 'zod';

export const CONTACT_CHANNELS = ['call', 'whatsapp', 'email', 'visit'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = {
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'Email',
  visit: 'Visit',
};

export const CONTACT_OUTCOMES = ['interested', 'call_back', 'no_answer', 'not_interested', 'enrolled'] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const CONTACT_OUTCOME_LABELS: Record<ContactOutcome, string> = {
  interested: 'Interested',
  call_back: 'Asked to call back',
  no_answer: 'No answer',
  not_interested: 'Not interested',
  enrolled: 'Will enrol',
};

export const staffRefSchema = z.object({ _id: z.string(), name: z.string() });

export const inquiryContactSchema = z.object({
  _id: z.string(),
  channel: z.enum(CONTACT_CHANNELS),
  outcome: z.enum(CONTACT_OUTCOMES),
  note: z.string().nullable(),
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  at: z.string(),
});
export type InquiryContact = z.infer<typeof inquiryContactSchema>;
