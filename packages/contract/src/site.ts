/** `GET /api/site`: what the public pages show about the institute (from configuration). */
import { z } from 'zod';

export const siteInfoSchema = z.object({
  instituteName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  companyAddress: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
