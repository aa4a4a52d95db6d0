/** Test-only: a 360 px screen for MUI's useMediaQuery. */
import { vi } from 'vitest';

/** Makes every max-width media query match until `vi.unstubAllGlobals()`. */
export function emulatePhone() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })),
  );
}
