/** Where the enrolments workspace lives (spec §2). */
export const ENROLLMENTS_PATH = '/student-enrollments';
