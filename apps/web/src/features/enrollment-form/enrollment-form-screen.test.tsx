import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPLOAD_EXTENSIONS } from '@registrar/contract/constants';
import { ENROLLMENT_FILE_FIELDS } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { checkUpload, UPLOAD_ACCEPT } from '../../shared/lib/file-rules';
import en from '@registrar/contract/locales/en.json';
import {
  COURSES,
  FakeXhr,
  choose,
  field,
  fillValid,
  image,
  ready,
  renderForm,
  setUpEnrollmentForm,
  submit,
  type,
} from './enrollment-form-test-harness';

setUpEnrollmentForm();

describe('/student-enrollment', () => {
  it('marks the required fields and lists the courses from the server', async () => {
    renderForm();
    await ready();
    for (const label of [
      /^Full name/,
      /^Email/,
      /^Phone number/,
      /^Current address/,
      /^Permanent address \*/,
      /^Course/,
    ]) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
      expect(field(label).labels?.[0]?.textContent).toMatch(/\*$/);
    }
    expect(field(/^Alternative phone number/).getAttribute('aria-required')).toBeNull();
    expect(field(/^Joining date/).type).toBe('date');
    expect(field(/^Joining date/).min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('radiogroup', { name: /How will you pay/ }).getAttribute('aria-required')).toBe('true');
    const modes = [...(field(/^Payment mode/) as unknown as HTMLSelectElement).options].map((o) => o.textContent);
    expect(modes).toEqual(['Not decided yet', 'Cash', 'Online payment', 'Cheque', 'Other']);
    for (const upload of [/^Profile picture/, /^Aadhaar card, front/, /^Aadhaar card, back/]) {
      expect(field(upload).getAttribute('aria-required')).toBe('true');
      expect(field(upload).accept).toBe('.jpg,.jpeg,.png,.gif,.svg,.pdf');
    }
    expect(field(/^PAN card/).getAttribute('aria-required')).toBeNull();
    // A masked Aadhaar is asked for, with a drawn example whose first 8 digits are hidden.
    expect(screen.getByRole('img', { name: /masked Aadhaar card/ }).textContent).toBe('XXXX XXXX 4821');
    expect(field(/^Aadhaar card, front/).getAttribute('aria-describedby')).toBeTruthy();
    for (const upload of [/^Aadhaar card, front/, /^Aadhaar card, back/]) {
      const hints = field(upload)
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      expect(hints).toContain(en['enrol.doc.maskedNote']);
    }
    expect(screen.getByAltText(/back of an Aadhaar card/).getAttribute('src')).toBe(
      '/images/placeholder-card-back.svg',
    );
    expect(screen.getByAltText(/PAN card/).getAttribute('src')).toBe('/images/placeholder-pan-card.svg');
    expect(screen.getByAltText(/passport-style photo/).getAttribute('src')).toBe('/images/placeholder-profile.svg');
    // The terms under the form, sanitized.
    const terms = await screen.findByText(/Fees are/);
    expect(terms.closest('section')?.innerHTML).not.toMatch(/script/);
  });

  it('shows the semester only for college or university and the designation only for company', async () => {
    renderForm();
    await ready();
    const working = field(/^Currently working at/);
    expect(screen.queryByLabelText('Current semester')).toBeNull();
    expect(screen.queryByLabelText('Designation')).toBeNull();
    for (const [value, semester, designation, place] of [
      ['college', true, false, 'College name'],
      ['university', true, false, 'University name'],
      ['company', false, true, 'Company name'],
      ['other', false, false, 'Where you work or study'],
    ] as const) {
      fireEvent.change(working, { target: { value } });
      expect(screen.queryByLabelText('Current semester') !== null).toBe(semester);
      expect(screen.queryByLabelText('Designation') !== null).toBe(designation);
      expect(screen.getByLabelText(new RegExp(`^${place}`))).toBeTruthy();
    }
  });

  it('shows one read-only amount per installment, or one equal to the price for full payment', async () => {
    renderForm();
    await ready();
    expect(screen.getByText('Choose a course and how you will pay to see the amounts.')).toBeTruthy();
    type(/^Course/, COURSES[0]!._id);
    fireEvent.click(screen.getByRole('radio', { name: 'In installments' }));
    const amounts = within(screen.getByRole('group', { name: '3 installments' }));
    const boxes = amounts.getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.value)).toEqual(['₹12,000', '₹10,000', '₹9,000']);
    expect(boxes.every((b) => b.readOnly)).toBe(true);
    expect(amounts.getByLabelText('Installment 2')).toBe(boxes[1]);

    fireEvent.click(screen.getByRole('radio', { name: 'Full payment' }));
    const full = screen.getByLabelText('Full amount') as HTMLInputElement;
    expect(full.value).toBe('₹30,000');
    expect(full.readOnly).toBe(true);
    expect(screen.queryByLabelText('Installment 1')).toBeNull();

    type(/^Course/, COURSES[1]!._id);
    expect((screen.getByLabelText('Full amount') as HTMLInputElement).value).toBe('₹45,000');
  });

  it('checks the type and size of a file before anything is uploaded, keeping the file chosen before', async () => {
    expect(UPLOAD_ACCEPT).toBe(UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(','));
    renderForm();
    await ready();
    await choose(/^Aadhaar card, front/, image('front.jpg'));
    expect(screen.getByAltText('Preview of front.jpg').getAttribute('src')).toMatch(/^blob:/);

    await choose(/^Aadhaar card, front/, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('alert').textContent).toBe(ENROLLMENT_MESSAGES.fileTypeNotAllowed);
    expect(screen.getByAltText('Preview of front.jpg')).toBeTruthy();

    const big = image('huge.png', 10, 'image/png');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await choose(/^Aadhaar card, front/, big);
    expect(screen.getByRole('alert').textContent).toBe(
      `${ENROLLMENT_MESSAGES.fileTooLarge}: it is 6.0 MB, the limit is 5 MB.`,
    );
    expect(screen.getByAltText('Preview of front.jpg')).toBeTruthy();

    // A PDF shows as an icon and its name; an allowed file clears the message.
    await choose(/^Aadhaar card, front/, new File(['%PDF-1.4'], 'front-scan.pdf', { type: 'application/pdf' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('front-scan.pdf')).toBeTruthy();
    expect(screen.queryByAltText('Preview of front.jpg')).toBeNull();

    expect(checkUpload(image('a.JPEG'))).toBeNull();
    expect(checkUpload(new File(['<svg/>'], 'sign.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(checkUpload(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(
      ENROLLMENT_MESSAGES.fileTypeNotAllowed,
    );
    expect(checkUpload(new File(['x'], 'fake.jpg', { type: 'text/html' }))).toBe(
      ENROLLMENT_MESSAGES.fileTypeNotAllowed,
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("says the contract's messages for missing fields and files after a submit attempt", async () => {
    renderForm();
    await ready();
    submit();
    // The form's rules load on the visitor's first move (here the submit) and then judge.
    expect(await screen.findByText(MESSAGES.nameMin)).toBeTruthy();
    for (const message of [
      MESSAGES.nameMin,
      MESSAGES.currentAddressMin,
      MESSAGES.permanentAddressMin,
      MESSAGES.phoneRequired,
      MESSAGES.emailRequired,
      MESSAGES.courseIdRequired,
      MESSAGES.currentlyWorkingRequired,
      MESSAGES.currentlyWorkingPlaceRequired,
      MESSAGES.paymentMethodRequired,
      ENROLLMENT_FILE_FIELDS.profilePicture.message,
      ENROLLMENT_FILE_FIELDS.aadharFront.message,
      ENROLLMENT_FILE_FIELDS.aadharBack.message,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByText('Please enter aadhar card front image')).toBeTruthy();
    expect(field(/^Aadhaar card, front/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Full name/)));
    expect(FakeXhr.sent).toHaveLength(0);

    // onTouched: errors update as the visitor types.
    type(/^Phone number/, '0123456789');
    expect(screen.getByText(MESSAGES.phoneRule)).toBeTruthy();
    type(/^Phone number/, '9123456789');
    expect(screen.queryByText(MESSAGES.phoneRule)).toBeNull();
    await choose(/^Aadhaar card, front/, image('front.jpg'));
    expect(screen.queryByText('Please enter aadhar card front image')).toBeNull();
  });

  it('shows an error only after the field is left (onTouched)', async () => {
    renderForm();
    await ready();
    type(/^Email/, 'priya@example');
    expect(screen.queryByText(MESSAGES.emailNeedsDot)).toBeNull();
    fireEvent.blur(field(/^Email/));
    expect(await screen.findByText(MESSAGES.emailNeedsDot)).toBeTruthy();
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    type(/^Email/, 'priya@example.com');
    expect(screen.queryByText(MESSAGES.emailNeedsDot)).toBeNull();
  });

  it('prefills the name, email and phone from the query string', async () => {
    renderForm('/student-enrollment?name=Priya%20Sharma&email=priya%40example.com&phone=9876543210');
    expect(field(/^Full name/).value).toBe('Priya Sharma');
    expect(field(/^Email/).value).toBe('priya@example.com');
    expect(field(/^Phone number/).value).toBe('9876543210');
    expect(field(/^Alternative phone number/).value).toBe('');
  });

  it('asks to reload when the terms changed since the page was opened, keeping what was typed', async () => {
    renderForm();
    await fillValid();
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await FakeXhr.sent[0]!.respond(409, {
      success: false,
      message: ENROLLMENT_MESSAGES.termsChanged,
      error: 'CONFLICT',
    });
    expect(await screen.findByText(ENROLLMENT_MESSAGES.termsChanged)).toBeTruthy();
    expect(field(/^Full name/).value.trim()).toBe('Priya Sharma');
  });
});
