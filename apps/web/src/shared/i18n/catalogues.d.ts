/** A catalogue imported with `?lingui` arrives compiled by @lingui/vite-plugin. */
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}

/** The student's page's part of a catalogue (build/compiled-catalogues.ts). */
declare module '*?lingui=my' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
