import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TERMS_MESSAGES, type Terms, type TermsVersion } from '@registrar/contract/terms';
import { fakeServer, json, renderScreen, type SentRequest } from '../../shared/test/screen-harness';
import { LINK_MESSAGES } from './link-url';
import { TermsScreen } from './terms-screen';

const STAFF = { _id: 's1', name: 'Asha Verma', email: 'asha@registrar.test' };
let current: Terms;
let versions: TermsVersion[];
let server: ReturnType<typeof fakeServer>;

function handle({ url, method, body }: SentRequest): Response {
  if (url.pathname === '/api/cms/terms_condition/versions')
    return json(200, { success: true, message: '', data: versions });
  if (method === 'PUT') {
    const input = body as { name?: string; description: string };
    current = {
      name: input.name ?? 'Terms & Conditions',
      description: input.description,
      version: current.version + 1,
      updatedAt: '2026-03-02T09:00:00.000Z',
    };
    versions = [{ ...current, _id: `v${current.version}`, savedBy: STAFF }, ...versions];
    return json(200, { success: true, message: TERMS_MESSAGES.saved, data: current });
  }
  return json(200, { success: true, message: '', data: current });
}

// jsdom has no layout: ProseMirror measures the cursor to scroll it into view.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  const text = Text.prototype as Text & { getClientRects?: () => DOMRectList };
  text.getClientRects ??= noRects;
  document.elementFromPoint ??= () => null;
});

beforeEach(() => {
  current = {
    name: 'Terms & Conditions',
    description: '<h2>Fees</h2><p>Fees are <strong>non-refundable</strong>.</p><script>window.__xss = 1</script>',
    version: 2,
    updatedAt: '2026-03-01T10:00:00.000Z',
  };
  versions = [
    { ...current, _id: 'v2', savedBy: STAFF },
    {
      name: 'Terms',
      description: '<p>The first terms.</p>',
      version: 1,
      updatedAt: '2026-02-01T10:00:00.000Z',
      _id: 'v1',
      savedBy: null,
    },
  ];
  server = fakeServer(handle);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const editorBox = () => screen.getByRole('textbox', { name: 'Terms content' });
const tool = (name: string) =>
  within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name });

async function renderTerms() {
  const view = renderScreen(<TermsScreen />, { path: '/terms-condition' });
  await waitFor(() => expect(editorBox().innerHTML).toContain('non-refundable'));
  return view;
}

// MUI and the editor in jsdom are slow on a busy machine; give each test room.
describe('Terms & Condition screen', { timeout: 30_000 }, () => {
  it('loads the current terms into the editor, sanitized, with the version history', async () => {
    await renderTerms();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Condition' })).toBeTruthy();
    expect(editorBox().querySelector('h2')?.textContent).toBe('Fees');
    expect(editorBox().innerHTML).not.toContain('script');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Terms & Conditions');
    const history = within(screen.getByRole('region', { name: 'Version history' }));
    expect(await history.findByRole('heading', { name: 'Version 2' })).toBeTruthy();
    expect(history.getByText('Current')).toBeTruthy();
    expect(history.getByText(/by Asha Verma/)).toBeTruthy();
    expect(history.getByText(/by a former staff member/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('names every toolbar button and says which formats are on', async () => {
    await renderTerms();
    for (const name of [
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Underline',
      'Bulleted list',
      'Numbered list',
      'Link',
    ])
      expect(tool(name).getAttribute('aria-pressed'), name).toBe('false');
    expect(tool('Remove link').hasAttribute('aria-pressed')).toBe(false);
    // One Tab stop in the toolbar; arrows move along it.
    const toolbarButtons = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(toolbarButtons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    act(() => tool('Heading 2').focus());
    fireEvent.keyDown(tool('Heading 2'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tool('Heading 3'));

    fireEvent.click(tool('Bold'));
    await waitFor(() => expect(tool('Bold').getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(tool('Bulleted list'));
    await waitFor(() => expect(tool('Bulleted list').getAttribute('aria-pressed')).toBe('true'));
    expect(editorBox().querySelector('ul')).toBeTruthy();
  });

  it('previews the sanitized rendering', async () => {
    await renderTerms();
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByRole('tabpanel', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Fees' })).toBeTruthy();
    expect(preview.querySelector('strong')?.textContent).toBe('non-refundable');
    expect(preview.querySelector('script')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('saves the edited terms as a new version', async () => {
    const { store } = await renderTerms();
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Terms of enrolment' } });
    fireEvent.click(tool('Heading 3'));
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/cms/terms_condition');
    expect(put.body).toMatchObject({ name: 'Terms of enrolment' });
    expect((put.body as { description: string }).description).toContain('<h3>');
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(store.getState().services.message).toBe(TERMS_MESSAGES.saved);
    const history = within(screen.getByRole('region', { name: 'Version history' }));
    expect(await history.findByRole('heading', { name: 'Version 3' })).toBeTruthy();
  });

  it("refuses to save empty terms with the contract's message", async () => {
    await renderTerms();
    act(() => {
      const editor = (editorBox() as unknown as { editor?: { commands: { clearContent: (emit: boolean) => void } } })
        .editor;
      editor?.commands.clearContent(true);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TERMS_MESSAGES.descriptionRequired)).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('restores an older version into the editor, asking first when there are unsaved changes', async () => {
    await renderTerms();
    const history = within(screen.getByRole('region', { name: 'Version history' }));
    fireEvent.click(await history.findByRole('button', { name: 'View version 1' }));
    const viewer = await screen.findByRole('dialog', { name: /Version 1/ });
    expect(within(viewer).getByText('The first terms.')).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(tool('Heading 3'));
    fireEvent.click(history.getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Replace your unsaved changes with version 1?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(editorBox().textContent).toBe('The first terms.'));
    expect(screen.getByText('Version 1 is in the editor. Save to make it the current version.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('refuses a javascript: link', async () => {
    await renderTerms();
    fireEvent.click(tool('Link'));
    const dialog = await screen.findByRole('dialog', { name: 'Add link' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link address' }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(await within(dialog).findByText(LINK_MESSAGES.scheme)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link address' }), {
      target: { value: 'example.com/fees' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(editorBox().querySelector('a')?.getAttribute('href')).toBe('https://example.com/fees'));
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await renderTerms();
    fireEvent.click(tool('Heading 3'));
    await screen.findByText('Unsaved changes');
    act(() => void router.navigate('/elsewhere'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms-condition'));
    act(() => void router.navigate('/elsewhere'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Somewhere else')).toBeTruthy();
  });
});
