/** The prefilled enrolment link an inquiry offers, and copying it to the clipboard. */

/**
 * The public enrolment form prefilled with the inquirer's name, email and phone
 * (`/student-enrollment?name=…&email=…&phone=…`, each value URL-encoded).
 */
export function enrollmentLink(origin: string, who: { name: string; email: string; phoneNumber: string }): string {
  const query = [
    ['name', who.name],
    ['email', who.email],
    ['phone', who.phoneNumber],
  ]
    .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
    .join('&');
  return `${origin}/student-enrollment?${query}`;
}

/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it (https or
 * localhost), else the older selection-and-copy way (staff on a LAN address over plain http).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  document.body.appendChild(area);
  const previous = document.activeElement as HTMLElement | null;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  previous?.focus();
  return copied;
}
