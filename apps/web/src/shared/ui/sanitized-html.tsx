/**
 * Renders stored rich text (the terms & conditions) safely: the server sanitizes on save, and the
 * browser sanitizes again before anything reaches the DOM, with the allow-list the server
 * uses (packages/contract/terms.ts). Links open in a new tab with rel="noopener noreferrer".
 *
 * No MUI here: the public enrolment form renders the terms through this and must stay small.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { useMemo, type HTMLAttributes } from 'react';
import { TERMS_ALLOWED_ATTRIBUTES, TERMS_ALLOWED_SCHEMES, TERMS_ALLOWED_TAGS } from '@registrar/contract/terms';

const ATTRIBUTES_BY_TAG: Record<string, readonly string[]> = TERMS_ALLOWED_ATTRIBUTES;
const ALL_ATTRIBUTES = [...new Set(Object.values(ATTRIBUTES_BY_TAG).flat())];

/**
 * An absolute URL must use one of the allowed schemes; a relative one ('/terms', '#top') may stay.
 * DOMPurify strips whitespace and control characters before testing, so 'java\tscript:' fails too.
 */
export const ALLOWED_URI = new RegExp(
  `^(?:(?:${TERMS_ALLOWED_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`,
  'i',
);

const CONFIG: Config = {
  ALLOWED_TAGS: [...TERMS_ALLOWED_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

let purifier: DOMPurify | undefined;

/** One DOMPurify instance of our own, so these hooks never touch anyone else's sanitizing. */
function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  // An attribute is allowed per tag (`title` on a link, not on a heading).
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const allowed = ATTRIBUTES_BY_TAG[node.nodeName.toLowerCase()] ?? [];
    if (!allowed.includes(data.attrName)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });
  purifier = instance;
  return instance;
}

/** The HTML with everything outside the terms allow-list removed. */
export function sanitizeTermsHtml(html: string): string {
  return getPurifier().sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false });
}

export interface SanitizedHtmlProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'children' | 'dangerouslySetInnerHTML'
> {
  html: string;
}

export function SanitizedHtml({ html, ...rest }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeTermsHtml(html), [html]);
  return <div {...rest} dangerouslySetInnerHTML={{ __html: clean }} />;
}
