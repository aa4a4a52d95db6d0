import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MENU_WITH_GROUPS } from './menu-fixtures';
import { SidebarMenu } from './sidebar-menu';

afterEach(cleanup);

function renderMenu(url: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <nav aria-label="Main menu">{<SidebarMenu items={MENU_WITH_GROUPS} idPrefix="t" />}</nav> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const group = (name: string) => screen.getByRole('button', { name });

describe('sidebar menu groups', () => {
  it("opens by itself the group of the current page and marks the page's link", () => {
    renderMenu('/student-inquires');
    expect(group('Admissions').getAttribute('aria-expanded')).toBe('true');
    expect(group('Content').getAttribute('aria-expanded')).toBe('false');
    const current = screen.getByRole('link', { name: 'Student Inquiries' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe('/student-inquires');
    // A closed group's links are not reachable (hidden), an open group's are.
    expect(screen.queryByRole('link', { name: 'Terms & Condition' })).toBeNull();
  });

  it('toggles a group with its button; the parent never navigates', () => {
    const router = renderMenu('/dashboard');
    expect(group('Content').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group('Content'));
    expect(group('Content').getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(group('Content').getAttribute('aria-controls')!)!;
    expect(within(list).getByRole('link', { name: 'Terms & Condition' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    fireEvent.click(group('Content'));
    expect(group('Content').getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a closed group when the page changes to one of its children', async () => {
    const router = renderMenu('/dashboard');
    expect(group('Admissions').getAttribute('aria-expanded')).toBe('false');
    await act(() => router.navigate('/student-enrollments'));
    expect(group('Admissions').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Student Enrollments' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the short name under the icon for the mini sidebar, hidden from screen readers', () => {
    renderMenu('/dashboard');
    const link = screen.getByRole('link', { name: 'Dashboard' });
    const short = within(link).getByText('Home');
    expect(short.getAttribute('aria-hidden')).toBe('true');
  });
});
