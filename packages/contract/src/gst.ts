/**
 * GST for course fees: the institute's registration, the course's tax fields, the States and
 * Union Territories by their two-digit GST codes, the GSTIN check and the tax on one amount.
 * Money is integer paise here; rates are hundredths of a percent (18% = 1800) so 0.25% is exact.
 */
import { z } from 'zod';

import { isGstStateCode } from './gst-states';

export { GST_STATES, GST_STATE_CODES, isGstStateCode, type GstStateCode } from './gst-states';

export const GST_DEFAULTS = { sac: '999293', gstRate: 18, taxInclusive: true, deliveryMode: 'classroom' } as const;
export const DELIVERY_MODES = ['classroom', 'online'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
/** Rates GST knows (percent); a course's rate is one of these. */
export const GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40] as const;
/** An inter-State invoice to an unregistered buyer above this (paise) is reported one by one (B2CL). */
export const B2CL_THRESHOLD_PAISE = 100_000_00;

export const GST_MESSAGES = {
  gstinInvalid: 'GSTIN must be 15 characters: a state code, a PAN, an entity number, Z and a check character',
  gstinStateUnknown: 'The GSTIN does not start with a known state code',
  gstinCheckFailed: 'The GSTIN’s check character does not match: look for a typing mistake',
  gstinStateMismatch: 'The GSTIN’s state code differs from the institute’s State',
  stateInvalid: 'Choose a State or Union Territory',
  stateRequired: 'Choose your State or Union Territory',
  legalNameRequired: 'Give the legal name registered for GST',
  addressRequired: 'Give the address registered for GST',
  gstinRequired: 'Give the GSTIN to switch GST on',
  sacInvalid: 'SAC must be 6 digits starting with 99',
  rateInvalid: 'Choose a GST rate: 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28 or 40',
  deliveryModeInvalid: 'Delivery must be classroom or online',
  periodInvalid: 'Period must be a month as YYYY-MM',
  periodFiled: 'This month is marked filed',
  periodMarkedFiled: 'Month marked filed',
  periodNotEnded: 'A month can be marked filed only after it ends',
  paidInFiledPeriod:
    'This date is in a month whose GSTR-1 is marked filed: record the payment on a date in an open month',
  gstOff: 'GST is switched off for this institute',
  saved: 'GST settings saved',
  invoiceNotFound: 'This payment has no tax invoice or bill of supply',
  creditNoteNotFound: 'This refund has no credit note',
} as const;

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of the first 14 characters of a GSTIN (GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** Null when the GSTIN is well formed, else the message saying what is wrong. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin)) return GST_MESSAGES.gstinInvalid;
  if (!isGstStateCode(gstin.slice(0, 2))) return GST_MESSAGES.gstinStateUnknown;
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GST_MESSAGES.gstinCheckFailed;
  return null;
}

export const gstinField = z
  .string({ error: GST_MESSAGES.gstinInvalid })
  .trim()
  .toUpperCase()
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const emptyAsUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const optionalGstinField = z.preprocess(emptyAsUndefined, gstinField.optional());
export const stateCodeField = z.string({ error: GST_MESSAGES.stateInvalid }).refine(isGstStateCode, {
  error: GST_MESSAGES.stateInvalid,
});
export const optionalStateField = z.preprocess(emptyAsUndefined, stateCodeField.optional());

export const gstSettingsSchema = z.object({
  enabled: z.boolean(),
  gstin: z.string().nullable(),
  legalName: z.string(),
  address: z.string(),
  stateCode: z.string().nullable(),
});
export type GstSettings = z.infer<typeof gstSettingsSchema>;

export const gstSettingsInputSchema = z
  .object({
    enabled: z.boolean(),
    gstin: optionalGstinField,
    legalName: z.string().trim().max(200).optional().default(''),
    address: z.string().trim().max(500).optional().default(''),
    stateCode: optionalStateField,
  })
  .superRefine((v, ctx) => {
    if (v.gstin && v.stateCode && v.gstin.slice(0, 2) !== v.stateCode)
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: GST_MESSAGES.gstinStateMismatch });
    if (!v.enabled) return;
    if (!v.gstin) ctx.addIssue({ code: 'custom', path: ['gstin'], message: GST_MESSAGES.gstinRequired });
    if (!v.legalName) ctx.addIssue({ code: 'custom', path: ['legalName'], message: GST_MESSAGES.legalNameRequired });
    if (!v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: GST_MESSAGES.addressRequired });
  });
export type GstSettingsInput = z.input<typeof gstSettingsInputSchema>;

/** A course's tax fields, as `POST/PUT /api/course` accept them. */
export const courseGstFields = {
  sac: z
    .string({ error: GST_MESSAGES.sacInvalid })
    .regex(/^99\d{4}$/, { error: GST_MESSAGES.sacInvalid })
    .optional(),
  gstRate: z
    .number({ error: GST_MESSAGES.rateInvalid })
    .refine((r) => (GST_RATES as readonly number[]).includes(r), { error: GST_MESSAGES.rateInvalid })
    .optional(),
  taxInclusive: z.boolean().optional(),
  deliveryMode: z.enum(DELIVERY_MODES, { error: GST_MESSAGES.deliveryModeInvalid }).optional(),
  gstExempt: z.boolean().optional(),
};

export const gstPeriodField = z
  .string({ error: GST_MESSAGES.periodInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: GST_MESSAGES.periodInvalid });
export const gstr1QuerySchema = z.object({
  period: gstPeriodField,
  format: z.enum(['json', 'zip']).optional().default('json'),
});
export const gstFiledInputSchema = z.object({ period: gstPeriodField });

export const rateToBasisPoints = (rate: number) => Math.round(rate * 100);

/** The financial year (April–March) of a date as `26-27`. */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** A document number, at most 16 characters as Rule 46 allows: `INV/26-27/00042`. */
export const documentNumber = (prefix: string, fy: string, n: number) =>
  `${prefix}/${fy}/${String(n).padStart(5, '0')}`;

export interface TaxSplit {
  /** What the document is for: the taxable value plus every tax and the round-off. */
  valuePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The leftover paisa (plus or minus) so the lines add up to the value exactly. */
  roundOffPaise: number;
}

/**
 * The tax inside an amount received, in paise. The amount always includes the tax (for a
 * tax-exclusive course the tax was added to what the student owes). CGST and SGST are equal to
 * the paisa; what rounding leaves is a round-off line.
 */
export function splitTax(amountPaise: number, rateBp: number, interState: boolean): TaxSplit {
  const taxablePaise = Math.round((amountPaise * 10_000) / (10_000 + rateBp));
  const half = interState ? 0 : Math.round((taxablePaise * rateBp) / 20_000);
  const igstPaise = interState ? Math.round((taxablePaise * rateBp) / 10_000) : 0;
  const roundOffPaise = amountPaise - taxablePaise - 2 * half - igstPaise;
  return { valuePaise: amountPaise, taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise, roundOffPaise };
}

/** The price the student owes for a tax-exclusive course: the taxable value plus the tax. */
export const withTaxAdded = (pricePaise: number, rateBp: number) =>
  pricePaise + Math.round((pricePaise * rateBp) / 10_000);
