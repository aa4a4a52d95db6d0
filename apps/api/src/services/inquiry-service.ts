/**
 * Inquiries: public intake with spam guards and duplicate linking, staff
 * follow-up through a status funnel with a timeline, CSV export.
 */
import { randomUUID } from 'node:crypto';
import type { Inquiry } from '@registrar/contract/inquiry';
import {
  INQUIRY_MESSAGES,
  INQUIRY_STATUS_LABELS,
  INQUIRY_TRANSITIONS,
  type InquiryDetail,
  type InquiryListQuery,
  type InquiryRecord,
  type InquiryStatus,
} from '@registrar/contract/inquiry-admin';
import type { Page } from '@registrar/contract/envelope';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { needsNextFollowUp } from '@registrar/contract/follow-ups';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { toCsv } from '../lib/csv';
import { HttpError, badRequest, conflict, notFound } from '../lib/http-errors';
import { courseRepository } from '../repositories/course-repository';
import { followUpRepository } from '../repositories/follow-up-repository';
import { inquiryAnswerColumns, inquiryRepository, type InquiryRow } from '../repositories/inquiry-repository';
import { THROTTLE_RULES, addressKey, type Throttle } from './throttle';
import { toPage } from '../lib/page';

const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Course names change rarely; the public form is hot. A few seconds of staleness is harmless. */
const AREA_CACHE_MS = 5000;

export const toInquiryRecord = (row: InquiryRow): InquiryRecord => ({
  _id: row.id,
  name: row.name,
  address: row.address,
  email: row.email,
  phoneNumber: row.phoneNumber,
  currentlyWorkingAs: (row.currentlyWorkingAs as InquiryRecord['currentlyWorkingAs']) ?? null,
  currentlyAt: row.currentlyAt,
  areaOfInterest: row.areaOfInterest,
  reference: row.reference as InquiryRecord['reference'],
  friendName: row.friendName,
  friendWorkingArea: row.friendWorkingArea,
  courseId: row.courseId,
  status: row.status,
  duplicateOf: row.duplicateOf,
  ownerId: row.ownerId,
  nextFollowUpAt: row.nextFollowUpAt?.toISOString() ?? null,
  firstContactAt: row.firstContactAt?.toISOString() ?? null,
  language: row.language,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const columns = (input: Inquiry) => ({
  ...inquiryAnswerColumns(input),
  courseId: input.courseId ?? null,
});

export class InquiryService {
  private areaCache: { names: Map<string, string>; at: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly throttle: Throttle,
  ) {}

  /** Active course names, keyed by lower case, to check and normalise areas of interest. */
  private async areaNames(): Promise<Map<string, string>> {
    if (this.areaCache && Date.now() - this.areaCache.at < AREA_CACHE_MS) return this.areaCache.names;
    const names = new Map((await courseRepository.active(this.db)).map((c) => [c.name.toLowerCase(), c.name]));
    this.areaCache = { names, at: Date.now() };
    return names;
  }

  private async normaliseAreas(areas: string[]): Promise<string[]> {
    const known = await this.areaNames();
    const unknown = areas.filter((a) => !known.has(a.toLowerCase()));
    if (unknown.length)
      throw badRequest(INQUIRY_MESSAGES.unknownAreaOfInterest, [
        { path: 'areaOfInterest', message: INQUIRY_MESSAGES.unknownAreaOfInterest },
      ]);
    return [...new Set(areas.map((a) => known.get(a.toLowerCase())!))];
  }

  /** Public intake. A filled honeypot gets a normal-looking answer and is dropped. */
  async submit(input: Inquiry, honeypot: string | undefined, ip: string): Promise<{ stored: boolean }> {
    const key = `inquiry:ip:${addressKey(ip)}`;
    const wait = await this.throttle.consume(key, {
      ...THROTTLE_RULES.inquiryPerIp,
      limit: this.config.intakeLimitPerIp,
    });
    if (wait > 0)
      throw new HttpError(429, ERROR_CODES.rateLimited, INQUIRY_MESSAGES.tooManyFromConnection, undefined, {
        'retry-after': String(wait),
      });
    if (honeypot) return { stored: false };

    const areaOfInterest = await this.normaliseAreas(input.areaOfInterest);
    const row = {
      id: randomUUID(),
      ...columns(input),
      areaOfInterest,
      // Set once, by the visitor: a staff edit never changes the language mails to them use.
      language: input.language,
    };
    await inquiryRepository.insertIntake(this.db, row, new Date(Date.now() - DUPLICATE_WINDOW_MS));
    if (this.config.inquiryAssignment === 'round_robin') await followUpRepository.assignRoundRobin(this.db, row.id);
    return { stored: true };
  }

  async page(q: InquiryListQuery): Promise<Page<InquiryRecord>> {
    const { items, total } = await inquiryRepository.page(this.db, q);
    return toPage(items.map(toInquiryRecord), total, q);
  }

  async detail(id: string): Promise<InquiryDetail> {
    const row = await inquiryRepository.byId(this.db, id);
    if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
    const [events, duplicate, contacts, ownerName] = await Promise.all([
      inquiryRepository.events(this.db, id),
      row.duplicateOf ? inquiryRepository.byId(this.db, row.duplicateOf) : undefined,
      followUpRepository.contacts(this.db, id),
      row.ownerId ? followUpRepository.staffName(this.db, row.ownerId) : undefined,
    ]);
    return {
      ...toInquiryRecord(row),
      owner: row.ownerId && ownerName !== undefined ? { _id: row.ownerId, name: ownerName } : null,
      contacts: contacts.map(({ contact, staff }) => ({
        _id: contact.id,
        channel: contact.channel,
        outcome: contact.outcome,
        note: contact.note,
        by: staff?.id ? { _id: staff.id, name: staff.name } : null,
        at: contact.createdAt.toISOString(),
      })),
      duplicate: duplicate
        ? { _id: duplicate.id, name: duplicate.name, createdAt: duplicate.createdAt.toISOString() }
        : null,
      history: events.map(({ event, staff }) => ({
        _id: event.id,
        kind: event.kind,
        fromStatus: (event.fromStatus as InquiryStatus | null) ?? null,
        toStatus: (event.toStatus as InquiryStatus | null) ?? null,
        note: event.note,
        by: staff?.id ? { _id: staff.id, name: staff.name } : null,
        at: event.createdAt.toISOString(),
      })),
    };
  }

  async update(id: string, input: Inquiry, staffId: string): Promise<InquiryDetail> {
    const areaOfInterest = await this.normaliseAreas(input.areaOfInterest);
    await this.db.transaction(async (tx) => {
      const row = await inquiryRepository.update(tx, id, { ...columns(input), areaOfInterest });
      if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
      await inquiryRepository.addEvent(tx, { inquiryId: id, kind: 'updated', staffId });
    });
    return this.detail(id);
  }

  async changeStatus(
    id: string,
    status: InquiryStatus,
    note: string | undefined,
    staffId: string,
  ): Promise<InquiryDetail> {
    await this.db.transaction(async (tx) => {
      const row = await inquiryRepository.byId(tx, id);
      if (!row) throw notFound(INQUIRY_MESSAGES.notFound);
      if (!INQUIRY_TRANSITIONS[row.status].includes(status))
        throw conflict(
          `${INQUIRY_MESSAGES.transitionNotAllowed}: ${INQUIRY_STATUS_LABELS[row.status]} → ${INQUIRY_STATUS_LABELS[status]}`,
        );
      // Nobody calls a closed or converted lead back: it leaves everyone's follow-ups.
      await inquiryRepository.update(tx, id, needsNextFollowUp(status) ? { status } : { status, nextFollowUpAt: null });
      await inquiryRepository.addEvent(tx, {
        inquiryId: id,
        kind: 'status_changed',
        fromStatus: row.status,
        toStatus: status,
        note: note || null,
        staffId,
      });
    });
    return this.detail(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await inquiryRepository.delete(this.db, id))) throw notFound(INQUIRY_MESSAGES.notFound);
  }

  async exportCsv(q: Omit<InquiryListQuery, 'page' | 'limit'>): Promise<string> {
    const rows = await inquiryRepository.all(this.db, q);
    return toCsv(
      [
        'Received',
        'Name',
        'Email',
        'Phone',
        'Address',
        'Working as',
        'At',
        'Areas of interest',
        'Reference',
        'Friend',
        'Friend works at',
        'Status',
        'Possible duplicate',
      ],
      rows.map((r) => [
        r.createdAt.toISOString(),
        r.name,
        r.email,
        r.phoneNumber,
        r.address,
        r.currentlyWorkingAs,
        r.currentlyAt,
        r.areaOfInterest,
        r.reference,
        r.friendName,
        r.friendWorkingArea,
        INQUIRY_STATUS_LABELS[r.status],
        r.duplicateOf ? 'yes' : '',
      ]),
    );
  }
}
