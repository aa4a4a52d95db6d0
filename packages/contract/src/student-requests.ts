/** What a student may ask for from their page (a copy of their data, its erasure) and how far it got. */
export const STUDENT_REQUEST_KINDS = ['export', 'erasure'] as const;
export type StudentRequestKind = (typeof STUDENT_REQUEST_KINDS)[number];
export const STUDENT_REQUEST_KIND_LABELS: Record<StudentRequestKind, string> = {
  export: 'A copy of my data',
  erasure: 'Erase my data',
};
export const STUDENT_REQUEST_STATES = ['open', 'done'] as const;
export type StudentRequestState = (typeof STUDENT_REQUEST_STATES)[number];
export const STUDENT_REQUEST_STATE_LABELS: Record<StudentRequestState, string> = { open: 'Open', done: 'Handled' };
