/** `GET /api/site`: what the public pages show about the institute (from configuration). */
import { z } from 'zod';

export const siteInfoSchema = z.object({
  instituteName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  companyAddress: z.string(),
  /** GST is on: the enrolment form then asks for the student's State. */
  gstEnabled: z.boolean().optional(),
  /** The institute's GST State code: the staff form lists it first when asking the student's State. */
  instituteState: z.string().nullable().optional(),
  /** What a bounced cheque costs the student (rupees; 0: nothing). */
  chequeBounceFee: z.number().optional(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
