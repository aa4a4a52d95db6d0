import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatePhone } from '../../../shared/test/emulate-phone';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeServer, json, renderScreens, route } from '../../../shared/test/screen-harness';
import { FeePanel } from './fee-panel';
import { detail } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

describe('the fee schedule on a phone', () => {
  beforeEach(() => {
    // A 360 px screen: every max-width query matches.
    emulatePhone();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each installment as a card with its money, state and actions, and no table', () => {
    const enrollment = detail();
    fakeServer(() => json(200, { success: true, message: '', data: enrollment }));
    renderScreens([route('/fees', <FeePanel enrollment={enrollment} />)], '/fees');
    expect(screen.queryByRole('table', { name: 'Fee schedule' })).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Fee schedule' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Installment 1',
      'Installment 2',
      'Installment 3',
    ]);
    const first = within(cards[0]!);
    for (const [label, value] of [
      ['Due date', '1 Mar 2026'],
      ['Amount', '₹12,000'],
      ['Paid', '₹4,000.50'],
      ['Outstanding', '₹7,999.50'],
    ] as const)
      expect(first.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent).toBe(value);
    expect(first.getByText('Part paid')).toBeTruthy();
    // Paid on: it can be paid but no longer edited.
    expect(first.queryByRole('button', { name: 'Edit installment 1' })).toBeNull();
    within(cards[1]!).getByRole('button', { name: 'Edit installment 2' });
    fireEvent.click(first.getByRole('button', { name: 'Record payment for installment 1' }));
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeTruthy();
  });
});
