/** Where the inquiries workspace lives (spec §2 keeps the spelling 'inquires'). */
export const INQUIRIES_PATH = '/student-inquires';
