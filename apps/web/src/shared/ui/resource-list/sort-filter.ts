import type { ListFilter } from './list-toolbar';

/**
 * "Sort by" for the lists of people with a status (inquiries, enrolments). To the shared list it
 * is one more select filter, so its value lives in the URL (`?sort=name`) through use-list-params
 * and goes to the server with the others; '' leaves the server's default, newest first.
 */
export const SORT_BY_DATE_NAME_OR_STATUS: ListFilter = {
  name: 'sort',
  label: 'Sort by',
  options: [
    { value: '', label: 'Newest first' },
    { value: 'createdAt', label: 'Oldest first' },
    { value: 'name', label: 'Name (A–Z)' },
    { value: '-name', label: 'Name (Z–A)' },
    { value: 'status', label: 'Status' },
  ],
};
