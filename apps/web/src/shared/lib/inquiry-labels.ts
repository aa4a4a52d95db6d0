/** Words for the inquiry's option values, shared by the public form and the staff screens. */
import type { INQUIRY_WORKING_AS_OPTIONS, Reference } from '@registrar/contract/constants';

export const WORKING_AS_LABELS: Record<(typeof INQUIRY_WORKING_AS_OPTIONS)[number], string> = {
  college: 'College student',
  university: 'University student',
  company: 'Working at a company',
};

export const REFERENCE_LABELS: Record<Reference, string> = {
  friend: 'A friend',
  website: 'Our website',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  other: 'Other',
};
