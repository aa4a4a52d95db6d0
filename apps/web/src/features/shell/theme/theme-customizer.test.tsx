import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { DEFAULT_THEME } from '@registrar/contract/theme-settings';
import { createShellStore, mockProfileApi, putBodies } from '../shell-test-harness';
import { ThemeCustomizer } from './theme-customizer';
import { ThemeSyncProvider } from './theme-sync';

let fetchMock: ReturnType<typeof mockProfileApi>;
beforeEach(() => {
  fetchMock = mockProfileApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCustomizer() {
  const store = createShellStore();
  render(
    <Provider store={store}>
      <ThemeSyncProvider debounceMs={20}>
        <ThemeCustomizer open onClose={() => undefined} />
      </ThemeSyncProvider>
    </Provider>,
  );
  return { store, dialog: screen.getByRole('dialog', { name: 'Theme settings' }) };
}

const radios = (dialog: HTMLElement, legend: string) =>
  within(within(dialog).getByRole('group', { name: legend }))
    .getAllByRole('radio')
    .map((r) => [(r.closest('label') as HTMLElement).textContent, (r as HTMLInputElement).checked]);

const GRADIENTS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Gradient ${n}`);

describe('theme customizer', () => {
  it('offers every option, with the spec defaults selected', async () => {
    const { dialog } = renderCustomizer();
    const bars = ['Default', 'Dark', 'Light', 'Sky', ...GRADIENTS];
    for (const legend of ['Top bar theme', 'Sidebar theme', 'Footer theme']) {
      expect(radios(dialog, legend)).toEqual(bars.map((label, i) => [label, i === 0]));
    }
    expect(radios(dialog, 'Layout theme')).toEqual(
      ['Default', 'Theme 1', 'Theme 2', 'Theme 3', 'Theme 4', 'Theme 5', 'Theme 6', 'Theme 7'].map((l, i) => [
        l,
        i === 0,
      ]),
    );
    expect(radios(dialog, 'Menu position')).toEqual([
      ['Vertical (sidebar)', true],
      ['Horizontal (top bar)', false],
    ]);
    expect(radios(dialog, 'Toolbar position')).toEqual([
      ['Above', false],
      ['Below', true],
    ]);
    expect(radios(dialog, 'Footer position')).toEqual([
      ['Above', false],
      ['Below', true],
    ]);
    expect(radios(dialog, 'Active link style')).toEqual([
      ['Style 1', true],
      ['Style 2', false],
      ['Style 3', false],
      ['Style 4', false],
    ]);
    expect(radios(dialog, 'Sidebar background image')).toEqual([
      ['None', true],
      ['Image 1', false],
      ['Image 2', false],
      ['Image 3', false],
      ['Image 4', false],
    ]);
    const switches = within(dialog).getAllByRole('switch') as HTMLInputElement[];
    expect(switches.map((s) => [s.closest('label')?.textContent, s.checked])).toEqual([
      ['Mini sidebar (expands on hover)', false],
      ['Transparent sidebar', false],
      ['Show toolbar', true],
      ['Show footer', true],
    ]);
    expect((within(dialog).getByRole('button', { name: 'Reset to defaults' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('applies a choice at once and saves it with the profile', async () => {
    const { store, dialog } = renderCustomizer();
    const sidebar = within(dialog).getByRole('group', { name: 'Sidebar theme' });
    fireEvent.click(within(sidebar).getByRole('radio', { name: 'Gradient 5' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Show footer' }));
    expect(store.getState().themeSetting).toMatchObject({ sidebarTheme: 'gredient5', footerDisplayValue: 'hide' });
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Saved to your profile.'));
    expect(putBodies(fetchMock).at(-1)?.themeSettings).toMatchObject({
      sidebarTheme: 'gredient5',
      footerDisplayValue: 'hide',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
    expect(store.getState().themeSetting).toEqual(DEFAULT_THEME);
  });
});
