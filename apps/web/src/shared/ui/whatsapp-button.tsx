/**
 * A button that asks the server for a WhatsApp link and opens it in a tab of its own; after a
 * failure it offers to try again.
 */
import Button, { type ButtonProps } from '@mui/material/Button';

export function WhatsAppButton({
  link,
  busy,
  failed,
  label,
  variant,
}: {
  /** Fetches the wa.me address; a rejection closes the tab opened for it. */
  link: () => Promise<string>;
  busy: boolean;
  failed: boolean;
  /** The button's accessible name. */
  label: string;
  variant?: ButtonProps['variant'];
}) {
  const open = async () => {
    // Opened before the answer, so the browser does not take it for a pop-up.
    const tab = window.open('', '_blank');
    try {
      const url = await link();
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.location.assign(url);
    } catch {
      tab?.close();
    }
  };
  return (
    <Button size="small" variant={variant} disabled={busy} onClick={() => void open()} aria-label={label}>
      {failed ? 'Retry WhatsApp' : 'WhatsApp'}
    </Button>
  );
}
