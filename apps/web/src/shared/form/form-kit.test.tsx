import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Checkbox, FormKit, RadioGroup, SelectInput, TextArea, TextInput, type FormLook } from './form-kit';

afterEach(cleanup);

const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

function Phone({ look, error }: { look: FormLook; error?: string }) {
  return (
    <FormKit {...look}>
      <TextInput label="Phone" required hint="10 digits" error={error} value="" onChange={() => undefined} />
    </FormKit>
  );
}

describe('the form kit', () => {
  it("ties label, hint and error to the control, with the screen's class names", () => {
    const { container } = render(<Phone look={{ prefix: 'enr' }} error="Phone is required" />);
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    expect(phone.getAttribute('aria-required')).toBe('true');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(described(phone)).toEqual(['10 digits', 'Phone is required']);
    expect(phone.className).toBe('enr-input');
    expect(container.querySelector('.enr-field .enr-hint + .enr-error')).not.toBeNull();
    // The asterisk is for the eye; aria-required says it to screen readers.
    expect(phone.labels?.[0]?.textContent).toBe('Phone *');
    expect(container.querySelector('.enr-required')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('puts the error first, says "required" in words and translates messages when the screen asks', () => {
    const message = (english: string) => (english === 'Phone is required' ? 'फ़ोन नंबर ज़रूरी है' : english);
    const { container } = render(
      <Phone
        look={{ prefix: 'inq', errorFirst: true, requiredWords: 'required', message }}
        error="Phone is required"
      />,
    );
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    expect(described(phone)).toEqual(['फ़ोन नंबर ज़रूरी है', '10 digits']);
    expect(container.querySelector('.inq-field .inq-error + .inq-hint')).not.toBeNull();
    expect(phone.labels?.[0]?.textContent).toBe('Phone * required');
  });

  it('shows no error line and no aria-invalid without an error', () => {
    const { container } = render(<Phone look={{ prefix: 'auth' }} />);
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    expect(phone.getAttribute('aria-invalid')).toBeNull();
    expect(described(phone)).toEqual(['10 digits']);
    expect(container.querySelector('.auth-error')).toBeNull();
  });

  it('draws selects with their prompt first, and textareas three rows high', () => {
    render(
      <FormKit prefix="inq">
        <SelectInput
          label="Course"
          prompt="Choose a course"
          options={[{ value: 'c1', label: 'Java' }]}
          value=""
          onChange={() => undefined}
        />
        <TextArea label="Address" value="" onChange={() => undefined} />
      </FormKit>,
    );
    const course = screen.getByLabelText('Course') as HTMLSelectElement;
    expect([...course.options].map((o) => o.textContent)).toEqual(['Choose a course', 'Java']);
    expect(course.className).toBe('inq-input inq-select');
    const address = screen.getByLabelText('Address') as HTMLTextAreaElement;
    expect(address.rows).toBe(3);
    expect(address.className).toBe('inq-input inq-textarea');
  });

  it('counts a radio group as left only when the focus leaves the whole group', () => {
    const onBlur = vi.fn();
    const onChange = vi.fn();
    render(
      <FormKit prefix="enr">
        <RadioGroup
          legend="How will you pay?"
          name="paymentMethod"
          value=""
          required
          error="Choose how you will pay"
          options={[
            { value: 'installment', label: 'In installments' },
            { value: 'full_payment', label: 'In full' },
          ]}
          onChange={onChange}
          onBlur={onBlur}
        />
        <Checkbox checked={false} onChange={() => undefined}>
          Same as the current address
        </Checkbox>
      </FormKit>,
    );
    const group = screen.getByRole('radiogroup', { name: /How will you pay/ });
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(described(group)).toEqual(['Choose how you will pay']);
    const [first, second] = screen.getAllByRole('radio');
    fireEvent.blur(first!, { relatedTarget: second });
    expect(onBlur).not.toHaveBeenCalled();
    fireEvent.blur(second!, { relatedTarget: screen.getByRole('checkbox', { name: 'Same as the current address' }) });
    expect(onBlur).toHaveBeenCalledTimes(1);
    fireEvent.click(second!);
    expect(onChange).toHaveBeenCalledWith('full_payment');
  });
});
