import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notifications } from '@registrar/contract/dashboard';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { NOTIFICATIONS_POLL_MS, NotificationBell } from './notification-bell';

const UNREAD: Notifications = {
  items: [
    {
      kind: 'enrollment',
      id: 'e1',
      title: 'Ravi Kumar enrolled in Full Stack Java',
      at: '2026-03-02T10:00:00.000Z',
      link: '/student-enrollments/e1',
    },
    {
      kind: 'inquiry',
      id: 'i1',
      title: 'New inquiry from Anil Shah',
      at: '2026-03-02T09:00:00.000Z',
      link: '/student-inquires/i1',
    },
    {
      kind: 'mail_failed',
      id: 'm1',
      title: 'Receipt to meena@example.in was not delivered',
      at: '2026-03-01T09:00:00.000Z',
      link: '/student-enrollments/e2',
    },
  ],
  unread: 3,
  followUpsDue: 0,
  seenAt: '2026-03-01T08:00:00.000Z',
};

const ok = (data: unknown, message = '') => json(200, { success: true, message, data });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve() {
  let seen = false;
  const server = fakeServer((request) => {
    if (request.url.pathname === '/api/notifications/seen' && request.method === 'POST') {
      seen = true;
      return ok(null);
    }
    if (request.url.pathname === '/api/notifications')
      return ok(seen ? { items: [], unread: 0, followUpsDue: 0, seenAt: '2026-03-03T00:00:00.000Z' } : UNREAD);
    return json(404, { success: false, message: 'Not found', error: 'NOT_FOUND' });
  });
  return server;
}

describe('notification bell', () => {
  it('shows the unread count, lists what is new with links to the records, and marks all as seen', async () => {
    const { requests } = serve();
    renderScreen(<NotificationBell />, { path: '/dashboard' });

    const bell = await screen.findByRole('button', { name: 'Notifications, 3 new' });
    expect(bell.textContent).toContain('3'); // the badge
    fireEvent.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Notifications, 3 new' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/student-enrollments/e1',
      '/student-inquires/i1',
      '/student-enrollments/e2',
      null,
    ]);
    expect(items[0]!.textContent).toContain('Ravi Kumar enrolled in Full Stack Java');
    expect(items[1]!.textContent).toContain('Inquiry');
    expect(items[2]!.textContent).toContain('Mail not delivered');

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Mark all as seen' }));
    await screen.findByRole('button', { name: 'Notifications, nothing new' });
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/notifications/seen')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, nothing new' }));
    const empty = await screen.findByRole('menu', { name: 'Notifications, nothing new' });
    expect(within(empty).getByText('Nothing new since you last looked')).toBeTruthy();
    expect(within(empty).queryByRole('menuitem', { name: 'Mark all as seen' })).toBeNull();
  }, 15_000);

  it('polls every 60 s while the tab is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = serve();
    renderScreen(<NotificationBell />, { path: '/dashboard' });
    await screen.findByRole('button', { name: 'Notifications, 3 new' });
    const polls = () => requests.filter((r) => r.url.pathname === '/api/notifications').length;
    expect(polls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS + 100));
    await waitFor(() => expect(polls()).toBe(2));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(() => vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS * 3));
    expect(polls()).toBe(2);

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(polls()).toBe(3)); // back on the tab: look at once
  });

  it('counts follow-ups due today on the badge, with a line leading to My follow-ups', async () => {
    fakeServer((request) =>
      request.url.pathname === '/api/notifications'
        ? ok({ items: [], unread: 0, followUpsDue: 2, seenAt: null })
        : json(404, { success: false, message: 'Not found', error: 'NOT_FOUND' }),
    );
    renderScreen(<NotificationBell />, { path: '/dashboard' });
    const bell = await screen.findByRole('button', { name: 'Notifications, nothing new, 2 follow-ups due today' });
    expect(bell.textContent).toContain('2');
    fireEvent.click(bell);
    const menu = await screen.findByRole('menu');
    const line = within(menu).getByRole('menuitem', { name: /2 follow-ups due today/ });
    expect(line.getAttribute('href')).toBe('/follow-ups');
  });

  it('keeps quiet when a poll fails', async () => {
    fakeServer(() => json(503, { success: false, message: 'Down', error: 'UNAVAILABLE' }));
    const { store } = renderScreen(<NotificationBell />, { path: '/dashboard' });
    await screen.findByRole('button', { name: 'Notifications, nothing new' });
    await new Promise((r) => setTimeout(r, 50));
    expect((store.getState() as { services: { show: boolean } }).services.show).toBe(false);
  });
});
