import { describe, expect, it } from 'vitest';
import { isPublicPath } from './public-routes';

describe('which paths start the public pages’ own app', () => {
  it('the two forms, the link form and a student’s page', () => {
    for (const path of ['/student-inquiry', '/student-enrollment', '/my', '/my/', `/my/${'A'.repeat(43)}`])
      expect(isPublicPath(path), path).toBe(true);
  });

  it('not the console, its sign-in, or anything deeper under /my', () => {
    for (const path of [
      '/',
      '/login',
      '/dashboard',
      '/student-enrollments',
      '/student-inquires',
      '/my/a/b',
      '/mystery',
    ])
      expect(isPublicPath(path), path).toBe(false);
  });
});
