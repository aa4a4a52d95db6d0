/** Words for the inquiry's option values, shared by the public form and the staff screens. */
import type { INQUIRY_WORKING_AS_OPTIONS } from '@registrar/contract/constants';

export const WORKING_AS_LABELS: Record<(typeof INQUIRY_WORKING_AS_OPTIONS)[number], string> = {
  college: 'College student',
  university: 'University student',
  company: 'Working at a company',
};

// Kept in the contract: the server's dashboard names the sources too.
export { REFERENCE_LABELS } from '@registrar/contract/constants';
