/** Terms & conditions: sanitized with an allow-list on save, versioned. */
import type sanitizeHtml from 'sanitize-html';
import { lazyPackage } from '../lib/lazy-package';
import {
  TERMS_ALLOWED_ATTRIBUTES,
  TERMS_ALLOWED_SCHEMES,
  TERMS_ALLOWED_TAGS,
  type Terms,
  type TermsVersion,
} from '@registrar/contract/terms';
import type { Db } from '../db/database';
import { termsRepository, type TermsRow } from '../repositories/terms-repository';

const sanitizer = lazyPackage<typeof sanitizeHtml>('sanitize-html');

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TERMS_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(TERMS_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  allowedSchemes: [...TERMS_ALLOWED_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Script and style bodies are dropped with their tags, not kept as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
  },
};

export const sanitizeTermsHtml = (html: string) => sanitizer()(html, SANITIZE_OPTIONS);

const DEFAULT_TERMS: Terms = { name: 'Terms & Conditions', description: '', version: 0, updatedAt: null };

const toTerms = (row: TermsRow): Terms => ({
  name: row.name,
  description: row.description,
  version: row.version,
  updatedAt: row.createdAt.toISOString(),
});

export class TermsService {
  constructor(private readonly db: Db) {}

  async current(): Promise<Terms> {
    const row = await termsRepository.latest(this.db);
    return row ? toTerms(row) : DEFAULT_TERMS;
  }

  async save(input: { name: string; description: string }, staffId: string): Promise<Terms> {
    const row = await termsRepository.append(this.db, {
      name: input.name,
      description: sanitizeTermsHtml(input.description),
      savedBy: staffId,
    });
    return toTerms(row);
  }

  async history(): Promise<TermsVersion[]> {
    const rows = await termsRepository.history(this.db);
    return rows.map((r) => ({
      ...toTerms(r.terms),
      _id: r.terms.id,
      savedBy: r.staff?.id ? { _id: r.staff.id, name: r.staff.name, email: r.staff.email } : null,
    }));
  }
}
