import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COURSE_MESSAGES, type Course } from '@registrar/contract/course';
import { CoursesScreen } from './courses-screen';
import { courseFixture } from '../../shared/test/course-fixture';
import { fakeServer, json, renderScreen, type SentRequest } from '../../shared/test/screen-harness';

const NOW = '2026-03-01T10:00:00.000Z';
const course = (over: Partial<Course>): Course =>
  courseFixture({ _id: crypto.randomUUID(), createdAt: NOW, updatedAt: NOW, ...over });

let courses: Course[];
let server: ReturnType<typeof fakeServer>;
/** Answers a write differently for one test (e.g. a 409). */
let override: ((request: SentRequest) => Response | undefined) | undefined;

/** A small in-memory `/api/course` that pages, searches and writes like the real one. */
function handle(request: SentRequest): Response {
  const overridden = override?.(request);
  if (overridden) return overridden;
  const { url, method, body } = request;
  const id = url.pathname.split('/')[3];
  if (method === 'GET') {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const found = courses.filter((c) => c.name.toLowerCase().includes(search));
    const items = found.slice((page - 1) * limit, page * limit);
    const data = { items, page, limit, total: found.length, totalPages: Math.ceil(found.length / limit) };
    return json(200, { success: true, message: '', data });
  }
  if (method === 'POST') {
    const created = course(body as Partial<Course>);
    courses.push(created);
    return json(201, { success: true, message: COURSE_MESSAGES.created, data: created });
  }
  if (method === 'PUT') {
    const index = courses.findIndex((c) => c._id === id);
    courses[index] = { ...courses[index]!, ...(body as Partial<Course>) };
    return json(200, { success: true, message: COURSE_MESSAGES.updated, data: courses[index] });
  }
  courses = courses.filter((c) => c._id !== id);
  return json(200, { success: true, message: COURSE_MESSAGES.deleted, data: null });
}

beforeEach(() => {
  courses = [
    course({ name: 'Full Stack Java', price: 45000, emiPrice: [15000, 15000, 15000], duration: '6 months' }),
    course({ name: 'Python for Data', price: 1999.99, emiPrice: [1000, 999.99], enrollmentCount: 3, active: false }),
  ];
  override = undefined;
  server = fakeServer(handle);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderCourses(url = '/courses') {
  const view = renderScreen(<CoursesScreen />, { path: '/courses', url });
  await screen.findByText('Full Stack Java');
  return view;
}

const dialog = () => screen.getByRole('dialog');
const inDialog = () => within(dialog());
const amountBox = (n: number) => inDialog().getByRole('spinbutton', { name: `Installment ${n}` }) as HTMLInputElement;
const amountBoxes = () => inDialog().queryAllByRole('spinbutton', { name: /^Installment \d+/ }) as HTMLInputElement[];
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const totalText = () => inDialog().getByRole('status').textContent;

async function openAdd() {
  fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
  await screen.findByRole('heading', { name: 'Add course' });
}

// MUI dialogs in jsdom are slow on a busy machine; give each test room.
describe('Courses screen', { timeout: 60_000 }, () => {
  it('lists courses with rupee prices, installments, status and enrolments', async () => {
    await renderCourses();
    expect(server.requests[0]!.url.pathname + server.requests[0]!.url.search).toBe('/api/course?page=1&limit=10');
    expect(screen.getByText('₹45,000')).toBeTruthy();
    expect(screen.getByText('3 × ₹15,000')).toBeTruthy();
    expect(screen.getByText('₹1,999.99')).toBeTruthy();
    expect(screen.getByText('₹1,000 + ₹999.99')).toBeTruthy();
    expect(screen.getByText('2 installments')).toBeTruthy();
    const grid = within(screen.getByRole('grid', { name: 'Courses' }));
    // (jsdom has no media queries: the phone summary under the name renders too.)
    expect(grid.getAllByText('Inactive').length).toBeGreaterThan(0);
    expect(grid.getAllByText('Active').length).toBeGreaterThan(0);
    expect(grid.getByRole('button', { name: 'Activate Python for Data' })).toBeTruthy();
  });

  it('adds and removes installment rows (1 to 24) and shows the running total against the price', async () => {
    await renderCourses();
    await openAdd();
    expect(amountBoxes()).toHaveLength(1);
    expect(inDialog().getByRole('button', { name: 'Remove installment 1' })).toHaveProperty('disabled', true);

    type(inDialog().getByRole('spinbutton', { name: /^Price/ }), '10000');
    type(amountBox(1), '3000');
    fireEvent.click(inDialog().getByRole('button', { name: 'Add installment' }));
    fireEvent.click(inDialog().getByRole('button', { name: 'Add installment' }));
    expect(amountBoxes()).toHaveLength(3);
    await waitFor(() => expect(document.activeElement).toBe(amountBox(3)));
    type(amountBox(2), '2000');
    type(amountBox(3), '4000');
    await waitFor(() => expect(totalText()).toBe('Total ₹9,000 of ₹10,000 price. ₹1,000 short of the price.'));

    // Removing the middle row shifts the later amounts up.
    fireEvent.click(inDialog().getByRole('button', { name: 'Remove installment 2' }));
    await waitFor(() => expect(amountBoxes().map((b) => b.value)).toEqual(['3000', '4000']));
    expect(totalText()).toBe('Total ₹7,000 of ₹10,000 price. ₹3,000 short of the price.');

    type(amountBox(2), '7000');
    await waitFor(() => expect(totalText()).toContain('Matches the price.'));
    type(amountBox(2), '7500.5');
    await waitFor(() => expect(totalText()).toContain('₹500.50 more than the price.'));

    // Splitting fills the rows so they add up to the price exactly.
    fireEvent.click(inDialog().getByRole('button', { name: 'Add installment' }));
    fireEvent.click(inDialog().getByRole('button', { name: 'Split the price evenly' }));
    await waitFor(() => expect(amountBoxes().map((b) => b.value)).toEqual(['3333.33', '3333.33', '3333.34']));
  });

  it('stops at 24 installments', async () => {
    courses[0]!.emiPrice = Array.from({ length: 23 }, () => 2000);
    await renderCourses();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Full Stack Java' }));
    await screen.findByRole('heading', { name: 'Edit course' });
    const add = inDialog().getByRole('button', { name: 'Add installment' });
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(dialog().querySelectorAll('input[name^="emiPrice."]')).toHaveLength(24);
    expect(add).toHaveProperty('disabled', true);
    expect(inDialog().getByText('24 installments at most.')).toBeTruthy();
  });

  it("shows the contract's messages for bad input and sends nothing", async () => {
    await renderCourses();
    await openAdd();
    const before = server.requests.length;
    fireEvent.click(inDialog().getByRole('button', { name: 'Add course' }));
    expect(await inDialog().findByText(COURSE_MESSAGES.nameRequired)).toBeTruthy();
    expect(inDialog().getByText(COURSE_MESSAGES.priceInvalid)).toBeTruthy();
    expect(inDialog().getByText(COURSE_MESSAGES.installmentInvalid)).toBeTruthy();

    type(inDialog().getByRole('textbox', { name: /^Course name/ }), 'React');
    type(inDialog().getByRole('spinbutton', { name: /^Price/ }), '100.001');
    type(amountBox(1), '-5');
    fireEvent.click(inDialog().getByRole('button', { name: 'Add course' }));
    await waitFor(() => expect(inDialog().getAllByText(COURSE_MESSAGES.priceInvalid)).toHaveLength(1));
    expect(inDialog().getByText(COURSE_MESSAGES.installmentInvalid)).toBeTruthy();

    type(inDialog().getByRole('spinbutton', { name: /^Price/ }), '5000');
    type(amountBox(1), '4000');
    fireEvent.click(inDialog().getByRole('button', { name: 'Add course' }));
    expect(await inDialog().findByText(COURSE_MESSAGES.installmentsBelowPrice)).toBeTruthy();
    expect(server.requests.length).toBe(before);
  });

  it('creates a course, and puts a name clash from the server on the name field', async () => {
    const { store } = await renderCourses();
    await openAdd();
    type(inDialog().getByRole('textbox', { name: /^Course name/ }), '  Full Stack Java ');
    type(inDialog().getByRole('spinbutton', { name: /^Price/ }), '30000');
    type(amountBox(1), '30000');
    override = (r) =>
      r.method === 'POST'
        ? json(409, { success: false, message: COURSE_MESSAGES.nameTaken, error: 'CONFLICT' })
        : undefined;
    fireEvent.click(inDialog().getByRole('button', { name: 'Add course' }));
    const name = inDialog().getByRole('textbox', { name: /^Course name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(inDialog().getByText(COURSE_MESSAGES.nameTaken)).toBeTruthy();

    // Field errors of a 400 land on their fields too.
    override = (r) =>
      r.method === 'POST'
        ? json(400, {
            success: false,
            message: 'Check the highlighted fields',
            error: 'VALIDATION_ERROR',
            errors: [{ path: 'emiPrice.0', message: COURSE_MESSAGES.installmentInvalid }],
          })
        : undefined;
    type(name, 'Full Stack Java Pro');
    fireEvent.click(inDialog().getByRole('button', { name: 'Add course' }));
    expect(await inDialog().findByText(COURSE_MESSAGES.installmentInvalid)).toBeTruthy();

    // Its GST: 5%, online, the tax on top of the price.
    fireEvent.change(inDialog().getByRole('combobox', { name: 'GST rate' }), { target: { value: '5' } });
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Delivered' }), { target: { value: 'online' } });
    fireEvent.click(inDialog().getByRole('switch', { name: 'The price includes GST' }));
    override = undefined;
    fireEvent.click(inDialog().getByRole('button', { name: 'Add course' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = server.requests.filter((r) => r.method === 'POST').at(-1)!;
    expect(post.url.pathname).toBe('/api/course');
    expect(post.body).toEqual({
      name: 'Full Stack Java Pro',
      price: 30000,
      emiPrice: [30000],
      description: '',
      duration: '',
      active: true,
      sac: '999293',
      gstRate: 5,
      taxInclusive: false,
      deliveryMode: 'online',
      gstExempt: false,
    });
    expect(store.getState().services.message).toBe(COURSE_MESSAGES.created);
    expect(await screen.findByText('Full Stack Java Pro')).toBeTruthy();
  });

  it('edits a course with its values filled in', async () => {
    await renderCourses();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Full Stack Java' }));
    await screen.findByRole('heading', { name: 'Edit course' });
    expect(amountBoxes().map((b) => b.value)).toEqual(['15000', '15000', '15000']);
    expect((inDialog().getByRole('textbox', { name: 'SAC' }) as HTMLInputElement).value).toBe('999293');
    expect((inDialog().getByRole('switch', { name: 'The price includes GST' }) as HTMLInputElement).checked).toBe(true);
    type(inDialog().getByRole('spinbutton', { name: /^Price/ }), '48000');
    type(amountBox(3), '18000');
    fireEvent.click(inDialog().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/course/${courses[0]!._id}`);
    expect(put.body).toMatchObject({ price: 48000, emiPrice: [15000, 15000, 18000] });
    expect(await screen.findByText('₹48,000')).toBeTruthy();
  });

  it('asks before throwing away unsaved changes', async () => {
    await renderCourses();
    await openAdd();
    type(inDialog().getByRole('textbox', { name: /^Course name/ }), 'Draft');
    fireEvent.click(inDialog().getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Add course' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Course name/ }) as HTMLInputElement).value).toBe('Draft');

    fireEvent.keyDown(dialog(), { key: 'Escape' });
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deactivates and activates with a partial PUT', async () => {
    await renderCourses();
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Full Stack Java' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ active: false });
    expect(await screen.findByRole('button', { name: 'Activate Full Stack Java' })).toBeTruthy();
  });

  it('deletes only after confirmation', async () => {
    const id = courses[0]!._id;
    await renderCourses();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Full Stack Java' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Full Stack Java”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Full Stack Java' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Full Stack Java')).toBeNull());
    expect(server.requests.find((r) => r.method === 'DELETE')!.url.pathname).toBe(`/api/course/${id}`);
  });

  it("shows the server's 409 when a course with enrolments is deleted, and offers deactivation", async () => {
    courses[0]!.enrollmentCount = 0; // the list says none, the server knows better
    override = (r) =>
      r.method === 'DELETE'
        ? json(409, { success: false, message: COURSE_MESSAGES.hasEnrollments, error: 'CONFLICT' })
        : undefined;
    await renderCourses();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Full Stack Java' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: '“Full Stack Java” cannot be deleted' });
    expect(within(confirm).getByRole('alert').textContent).toBe(COURSE_MESSAGES.hasEnrollments);
    expect(within(confirm).queryByRole('button', { name: 'Delete' })).toBeNull();
    override = undefined;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate instead' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toEqual({ active: false });
  });

  it('does not offer to delete a course the list already knows has enrolments', async () => {
    await renderCourses();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Python for Data' }));
    const confirm = await screen.findByRole('alertdialog', { name: '“Python for Data” cannot be deleted' });
    expect(within(confirm).getByText(/It has 3 enrolments/)).toBeTruthy();
    expect(within(confirm).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
