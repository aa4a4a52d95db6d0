import type { ListFilter } from './list-toolbar';
import { selectFilter } from './select-filter';

/**
 * "Sort by" for the lists of people with a status (inquiries, enrolments). To the shared list it
 * is one more select filter, so its value lives in the URL (`?sort=name`) through use-list-params
 * and goes to the server with the others; '' leaves the server's default, newest first.
 */
export const SORT_BY_DATE_NAME_OR_STATUS: ListFilter = selectFilter('sort', 'Sort by', 'Newest first', [
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'status', label: 'Status' },
]);
