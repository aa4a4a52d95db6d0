/**
 * The message channels' variables: the order of channels, the WhatsApp Cloud API and the DLT SMS
 * provider. Read apart from config.ts so each channel's rules sit together.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  MESSAGE_CHANNELS,
  MESSAGE_CHANNEL_MODES,
  SMS_TEMPLATES,
  type MessageChannel,
  type TemplateOccasion,
} from '@registrar/contract/message-channels';

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));
const httpUrl = optional.refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), {
  error: 'must be a http(s) URL (http://… or https://…)',
});
const perSecond = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of messages a second' })
    .positive({ error: 'must be above 0' })
    .max(1000, { error: 'must be at most 1000' })
    .default(fallback);

const OCCASIONS = Object.keys(SMS_TEMPLATES) as TemplateOccasion[];

const schema = z.object({
  MESSAGE_CHANNELS: optional
    .transform((v) => (v ?? 'mail').split(',').map((c) => c.trim().toLowerCase()))
    .refine((list) => list.every((c) => (MESSAGE_CHANNELS as readonly string[]).includes(c)), {
      error: `must be a comma-separated order of ${MESSAGE_CHANNELS.join(', ')}`,
    })
    .refine((list) => new Set(list).size === list.length, { error: 'must name each channel once' }),
  MESSAGE_CHANNEL: z
    .enum(MESSAGE_CHANNEL_MODES, { error: `must be one of ${MESSAGE_CHANNEL_MODES.join(', ')}` })
    .default('live'),
  WHATSAPP_API_URL: httpUrl,
  WHATSAPP_PHONE_NUMBER_ID: optional.refine((v) => v === undefined || /^\d{5,20}$/.test(v), {
    error: 'must be the number id Meta shows (digits)',
  }),
  WHATSAPP_TOKEN: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_MESSAGES_PER_SECOND: perSecond(20),
  SMS_API_URL: httpUrl,
  SMS_API_KEY: optional,
  SMS_API_TOKEN: optional,
  SMS_SENDER_ID: optional.refine((v) => v === undefined || /^[A-Za-z0-9]{6}$/.test(v), {
    error: 'must be the six-character DLT header',
  }),
  SMS_ENTITY_ID: optional.refine((v) => v === undefined || /^\d{12,19}$/.test(v), {
    error: 'must be the DLT entity id (digits)',
  }),
  SMS_TEMPLATE_IDS: optional.transform((v, ctx) => {
    const ids: Partial<Record<TemplateOccasion, string>> = {};
    for (const pair of v ? v.split(',') : []) {
      const [occasion, id] = pair.split('=').map((s) => s.trim());
      if (!OCCASIONS.includes(occasion as TemplateOccasion) || !id || !/^\d{10,25}$/.test(id)) {
        ctx.addIssue({ code: 'custom', message: `must be occasion=template id pairs (${OCCASIONS.join(', ')})` });
        return z.NEVER;
      }
      ids[occasion as TemplateOccasion] = id;
    }
    return ids;
  }),
  SMS_MESSAGES_PER_SECOND: perSecond(5),
  MESSAGE_QUIET_HOURS: optional.transform((v, ctx) => {
    if (v === 'none') return undefined;
    const match = /^(\d{1,2})-(\d{1,2})$/.exec(v ?? '21-8');
    const [from, to] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
    if (!(from >= 0 && from < 24 && to >= 0 && to < 24)) {
      ctx.addIssue({ code: 'custom', message: 'must be two hours of the day in India, e.g. 21-8, or none' });
      return z.NEVER;
    }
    return { from, to };
  }),
});

export interface WhatsAppConfig {
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  appSecret: string;
  /** What Meta's subscription handshake must echo back. */
  verifyToken: string;
  perSecond: number;
}

export interface SmsConfig {
  /** The provider's account base: `{apiUrl}/Sms/send.json` sends. */
  apiUrl: string;
  apiKey: string;
  apiToken: string;
  senderId: string;
  entityId: string;
  /** The DLT template id of each occasion; one without an id is not sent by SMS. */
  templateIds: Partial<Record<TemplateOccasion, string>>;
  /** The secret path segment of the delivery-report address (the provider signs nothing). */
  reportToken: string;
  perSecond: number;
}

export interface MessageConfig {
  /** The institute's order; mail is always the last resort. */
  channels: MessageChannel[];
  /** Both APIs are the app's own simulator. */
  simulator: boolean;
  whatsapp: WhatsAppConfig | undefined;
  sms: SmsConfig | undefined;
  /** Hours (India) when WhatsApp and SMS wait for the morning; undefined: none. */
  quietHours: { from: number; to: number } | undefined;
}

export const MESSAGE_SIMULATOR_PREFIX = '/api/message-simulator';
const GRAPH_API = 'https://graph.facebook.com/v21.0';
const WHATSAPP_NEEDS = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET'] as const;
const SMS_NEEDS = ['SMS_API_URL', 'SMS_API_KEY', 'SMS_API_TOKEN', 'SMS_SENDER_ID', 'SMS_ENTITY_ID'] as const;

/** The message channels; a bad value throws `Fault` with one line naming the variable, never its value. */
export function messageConfig(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  Fault: new (line: string) => Error,
): MessageConfig {
  const found = readMessageConfig(env, publicUrl);
  if (typeof found === 'string') throw new Fault(`Invalid configuration: ${found}`);
  return found;
}

function readMessageConfig(env: NodeJS.ProcessEnv, publicUrl: string): MessageConfig | string {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return `${String(issue.path[0])} ${issue.message}`;
  }
  const e = parsed.data;
  const simulator = e.MESSAGE_CHANNEL === 'simulator';
  if (simulator && publicUrl.startsWith('https:'))
    return 'MESSAGE_CHANNEL must not be simulator when PUBLIC_URL is https (nobody would hear)';
  const chosen = e.MESSAGE_CHANNELS as MessageChannel[];
  if (!simulator) {
    for (const name of chosen.includes('whatsapp') ? WHATSAPP_NEEDS : [])
      if (!e[name]) return `${name} must be set when MESSAGE_CHANNELS names whatsapp`;
    for (const name of chosen.includes('sms') ? SMS_NEEDS : [])
      if (!e[name]) return `${name} must be set when MESSAGE_CHANNELS names sms`;
  }
  const secret = () => randomBytes(24).toString('hex');
  const sim = `${publicUrl}${MESSAGE_SIMULATOR_PREFIX}`;
  const whatsapp: WhatsAppConfig | undefined = chosen.includes('whatsapp')
    ? {
        apiUrl: (simulator ? `${sim}/whatsapp/v21.0` : (e.WHATSAPP_API_URL ?? GRAPH_API)).replace(/\/+$/, ''),
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '100000000000001',
        token: e.WHATSAPP_TOKEN ?? secret(),
        appSecret: e.WHATSAPP_APP_SECRET ?? secret(),
        verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? secret(),
        perSecond: e.WHATSAPP_MESSAGES_PER_SECOND,
      }
    : undefined;
  const apiToken = e.SMS_API_TOKEN ?? secret();
  const sms: SmsConfig | undefined = chosen.includes('sms')
    ? {
        apiUrl: (simulator ? `${sim}/sms` : e.SMS_API_URL!).replace(/\/+$/, ''),
        apiKey: e.SMS_API_KEY ?? 'simulator',
        apiToken,
        senderId: e.SMS_SENDER_ID ?? 'REGSTR',
        entityId: e.SMS_ENTITY_ID ?? '1101000000000000001',
        templateIds: simulator
          ? Object.fromEntries(OCCASIONS.map((o, i) => [o, `1107${String(i).padStart(15, '0')}`]))
          : e.SMS_TEMPLATE_IDS,
        reportToken: createHmac('sha256', apiToken).update('delivery-reports').digest('base64url'),
        perSecond: e.SMS_MESSAGES_PER_SECOND,
      }
    : undefined;
  const channels: MessageChannel[] = [...chosen.filter((c) => c !== 'mail'), 'mail'];
  return { channels, simulator, whatsapp, sms, quietHours: e.MESSAGE_QUIET_HOURS };
}
