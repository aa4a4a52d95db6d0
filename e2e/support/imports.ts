/** Import files laid out as the template, for the journeys that move students in. */
import { IMPORT_COLUMNS } from '@registrar/contract/imports';

/** What a journey does not care about in an imported student: approved, paid in full, working, from April. */
export const IMPORTED_STUDENT = {
  currentAddress: 'Pune',
  permanentAddress: 'Pune',
  paymentMethod: 'full_payment',
  startDate: '01/04/2026',
  currentlyWorking: 'company',
  currentlyWorkingPlace: 'Infosys',
  status: 'approved',
  enrolledOn: '25/03/2026',
};

/** An enrolments CSV: the template's header, then one line per student (a column not given is empty). */
export function enrolmentsCsv(students: Record<string, string>[]): string {
  const line = (cells: Record<string, string>) => IMPORT_COLUMNS.enrollments.map((c) => cells[c] ?? '').join(',');
  return [IMPORT_COLUMNS.enrollments.join(','), ...students.map(line)].join('\r\n');
}
