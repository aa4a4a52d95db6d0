/** Where the enrolments workspace lives. */
export const ENROLLMENTS_PATH = '/student-enrollments';
/** Where the inquiries workspace lives (the route keeps the spelling 'inquires' staff already bookmark). */
export const INQUIRIES_PATH = '/student-inquires';
/** The collections screen, and its list of credits to refund that the dashboard's figure opens. */
export const COLLECTIONS_PATH = '/collections';
export const CREDITS_ANCHOR = 'credits-to-refund';
