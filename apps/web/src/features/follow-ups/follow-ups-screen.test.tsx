import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FollowUps } from '@registrar/contract/follow-ups';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { FollowUpsScreen } from './follow-ups-screen';

// MUI takes its time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const item = (over: Partial<FollowUps['today'][number]>): FollowUps['today'][number] => ({
  _id: crypto.randomUUID(),
  name: 'Someone',
  phoneNumber: '9876543210',
  status: 'contacted',
  areaOfInterest: ['Data Science'],
  nextFollowUpAt: new Date().toISOString(),
  lastContactAt: null,
  lastNote: null,
  ...over,
});

const LIST: FollowUps = {
  owner: { _id: 's1', name: 'Kavya' },
  overdue: [item({ name: 'Ravi Late' })],
  today: [item({ name: 'Meena Today' }), item({ name: 'Closed Carl', status: 'closed' })],
  upcoming: [],
  owners: [],
};

/** The follow-ups list at /api/follow-ups; every write succeeds. */
function serve(list = LIST) {
  return fakeServer((request) =>
    json(request.method === 'POST' ? 201 : 200, {
      success: true,
      message: 'Contact added',
      data: request.url.pathname === '/api/follow-ups' ? list : null,
    }),
  ).requests;
}

const renderFollowUps = () => renderScreen(<FollowUpsScreen canAssign={false} />, { path: '/follow-ups' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My follow-ups', () => {
  it('lists overdue, today and upcoming, each opening its inquiry', async () => {
    serve();
    renderFollowUps();
    const overdue = await screen.findByRole('region', { name: 'Overdue (1)' });
    expect(within(overdue).getByRole('link', { name: 'Ravi Late' }).getAttribute('href')).toMatch(
      /^\/student-inquires\//,
    );
    const today = screen.getByRole('region', { name: 'Today (2)' });
    expect(within(today).getByRole('link', { name: 'Meena Today' })).toBeTruthy();
    expect(within(today).getByRole('link', { name: 'Call Meena Today' }).getAttribute('href')).toBe('tel:9876543210');
    expect(within(screen.getByRole('region', { name: 'Upcoming (0)' })).getByText(/Nothing planned yet/)).toBeTruthy();
  });

  it('a contact asks for the next follow-up, and sends it with the outcome', async () => {
    const sent = serve();
    renderFollowUps();
    fireEvent.click(await screen.findByRole('button', { name: 'Log call with Meena Today' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call with Meena Today' });
    const next = within(dialog).getByLabelText(/Next follow-up/);
    fireEvent.change(next, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await within(dialog).findByText(FOLLOW_UP_MESSAGES.outcomeRequired)).toBeTruthy();
    expect(within(dialog).getByText(FOLLOW_UP_MESSAGES.nextFollowUpRequired)).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Outcome/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Asked to call back' }));
    fireEvent.change(next, { target: { value: '2099-01-02T10:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.url.pathname).toMatch(/^\/api\/inquiry-contact\//);
    expect(post.body).toEqual({
      channel: 'call',
      outcome: 'call_back',
      nextFollowUpAt: new Date('2099-01-02T10:30').toISOString(),
    });
  });

  it('calling from the list opens "Log call" to confirm the call', async () => {
    serve();
    renderFollowUps();
    fireEvent.click(await screen.findByRole('link', { name: 'Call Meena Today' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call with Meena Today' });
    expect(within(dialog).getByRole('combobox', { name: /Channel/ }).textContent).toMatch(/Call/);
  });

  it('does not ask for a next follow-up when the inquiry is closed', async () => {
    serve();
    renderFollowUps();
    fireEvent.click(await screen.findByRole('button', { name: 'Log call with Closed Carl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call with Closed Carl' });
    expect(within(dialog).queryByLabelText(/Next follow-up/)).toBeNull();
    expect(within(dialog).getByText(/no next follow-up is needed/)).toBeTruthy();
  });
});
