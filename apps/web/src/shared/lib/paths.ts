/** Where the enrolments workspace lives. */
export const ENROLLMENTS_PATH = '/student-enrollments';
/** Where the inquiries workspace lives (the route keeps the spelling 'inquires' staff already bookmark). */
export const INQUIRIES_PATH = '/student-inquires';
