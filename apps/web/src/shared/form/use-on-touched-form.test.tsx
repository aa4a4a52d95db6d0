import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { z } from 'zod';
import type { FieldError } from '@registrar/contract/envelope';
import { FormKit, TextInput } from './form-kit';
import { firstMessages, useOnTouchedForm, validateWith } from './use-on-touched-form';

afterEach(cleanup);

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  city: z.string().trim().min(1, 'City is required'),
  pin: z.string().regex(/^\d{6}$/, 'PIN is 6 digits'),
});

type Handle = ReturnType<typeof useOnTouchedForm<{ name: string; city: string; pin: string }, z.output<typeof schema>>>;

/** The fields on screen in another order than the values: city, pin, name. */
function Form({
  onValid,
  grab,
}: {
  onValid: (data: z.output<typeof schema>) => Promise<void> | void;
  grab?: (form: Handle) => void;
}) {
  const form = useOnTouchedForm({ name: '', city: '', pin: '' }, validateWith(schema));
  grab?.(form);
  return (
    <FormKit prefix="t">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <TextInput label="City" {...form.field('city')} />
        <TextInput label="PIN" {...form.field('pin')} />
        <TextInput label="Name" {...form.field('name')} />
        <button type="submit">Send</button>
      </form>
    </FormKit>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('useOnTouchedForm', () => {
  it('judges a field only once it has been left, then at every keystroke', () => {
    render(<Form onValid={vi.fn()} />);
    type('PIN', '12');
    expect(screen.queryByText('PIN is 6 digits')).toBeNull();
    fireEvent.blur(input('PIN'));
    expect(screen.getByText('PIN is 6 digits')).toBeTruthy();
    expect(input('PIN').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('City is required')).toBeNull(); // not reached yet
    type('PIN', '123456');
    expect(screen.queryByText('PIN is 6 digits')).toBeNull();
    expect(input('PIN').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows every error on a refused submit and focuses the first field on the page, sending nothing', () => {
    // Name comes first in the values, City first on the page.
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    send();
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('PIN is 6 digits')).toBeTruthy();
    expect(document.activeElement).toBe(input('City'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it("hands the schema's output to onValid once, ignoring a second submit while it runs", async () => {
    let finish!: () => void;
    const onValid = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => resolve();
        }),
    );
    let form: Handle | undefined;
    render(<Form onValid={onValid} grab={(f) => (form = f)} />);
    type('Name', '  Asha  ');
    type('City', 'Pune');
    type('PIN', '411001');
    send();
    send();
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ name: 'Asha', city: 'Pune', pin: '411001' });
    expect(form?.submitting).toBe(true);
    await act(async () => finish());
    expect(form?.submitting).toBe(false);
  });

  it("puts the server's field errors on their fields until each changes, focusing the first", () => {
    let form: Handle | undefined;
    render(<Form onValid={vi.fn()} grab={(f) => (form = f)} />);
    const errors: FieldError[] = [
      { path: 'name', message: 'Name is taken' },
      { path: 'pin.0', message: 'No post office has this PIN' },
      { path: 'pin', message: 'A second message for the same field' },
    ];
    act(() => form?.setServerErrors(errors));
    expect(screen.getByText('Name is taken')).toBeTruthy();
    expect(screen.getByText('No post office has this PIN')).toBeTruthy();
    expect(screen.queryByText('A second message for the same field')).toBeNull();
    expect(document.activeElement).toBe(input('PIN'));
    type('PIN', '411002');
    expect(screen.queryByText('No post office has this PIN')).toBeNull();
    expect(screen.getByText('Name is taken')).toBeTruthy();
  });

  it('puts a value back without judging it until the field changes or is left', () => {
    let form: Handle | undefined;
    render(<Form onValid={vi.fn()} grab={(f) => (form = f)} />);
    type('Name', 'Asha');
    type('City', 'Pune');
    type('PIN', '411001');
    send();
    act(() => form?.reset('pin', ''));
    expect(input('PIN').value).toBe('');
    expect(screen.queryByText('PIN is 6 digits')).toBeNull();
    fireEvent.blur(input('PIN'));
    expect(screen.getByText('PIN is 6 digits')).toBeTruthy();
  });
});

describe('firstMessages', () => {
  it('keeps the first message of each top-level field', () => {
    expect(
      firstMessages([
        { path: ['email'], message: 'Email is required' },
        { path: ['email'], message: 'Email is incorrect' },
        { path: ['areaOfInterest', 0], message: 'Choose an area' },
        { path: [], message: 'The whole form is wrong' },
      ]),
    ).toEqual({ email: 'Email is required', areaOfInterest: 'Choose an area' });
  });
});
