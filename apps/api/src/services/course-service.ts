/** Course rules: unique names, exact amounts, no delete while enrolled. */
import type { z } from 'zod';
import {
  COURSE_MESSAGES,
  courseInputSchema,
  type Course,
  type PublicCourse,
  type courseUpdateSchema,
} from '@registrar/contract/course';
import type { Page } from '@registrar/contract/envelope';
import { rateToBasisPoints } from '@registrar/contract/gst';
import { ERROR_CODES } from '@registrar/contract/envelope';
import type { Db } from '../db/database';
import { HttpError, conflict, notFound } from '../lib/http-errors';
import { toPaise, toRupees } from '../lib/money';
import { courseRepository, type CourseRow, type CourseWithCount } from '../repositories/course-repository';
import { isUniqueViolation } from '../lib/database-errors';
import { toPage } from '../lib/page';

export const toCourse = (row: CourseWithCount): Course => ({
  _id: row.id,
  name: row.name,
  price: toRupees(row.pricePaise),
  emiPrice: row.emiPricePaise.map(toRupees),
  description: row.description,
  duration: row.duration,
  active: row.active,
  enrollmentCount: row.enrollmentCount,
  sac: row.sac,
  gstRate: row.gstRateBp / 100,
  taxInclusive: row.taxInclusive,
  deliveryMode: row.deliveryMode,
  gstExempt: row.gstExempt,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toPublicCourse = (row: CourseRow): PublicCourse => ({
  _id: row.id,
  name: row.name,
  price: toRupees(row.pricePaise),
  emiPrice: row.emiPricePaise.map(toRupees),
  gstRate: row.gstRateBp / 100,
  taxInclusive: row.taxInclusive,
  gstExempt: row.gstExempt,
});

/** 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation. */
const isForeignKeyViolation = (err: unknown) =>
  ['23001', '23503'].includes(
    (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code ?? '',
  );

function validate(input: unknown) {
  const parsed = courseInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw new HttpError(400, ERROR_CODES.validation, errors[0]!.message, errors);
  }
  return parsed.data;
}

/** A checked course as its columns; tax fields left out keep the database's defaults (or the course's own). */
const courseColumns = (c: ReturnType<typeof validate>) => ({
  name: c.name,
  pricePaise: toPaise(c.price),
  emiPricePaise: c.emiPrice.map(toPaise),
  description: c.description,
  duration: c.duration,
  active: c.active,
  ...(c.sac !== undefined && { sac: c.sac }),
  ...(c.gstRate !== undefined && { gstRateBp: rateToBasisPoints(c.gstRate) }),
  ...(c.taxInclusive !== undefined && { taxInclusive: c.taxInclusive }),
  ...(c.deliveryMode !== undefined && { deliveryMode: c.deliveryMode }),
  ...(c.gstExempt !== undefined && { gstExempt: c.gstExempt }),
});

const nameTaken = () =>
  new HttpError(409, ERROR_CODES.conflict, COURSE_MESSAGES.nameTaken, [
    { path: 'name', message: COURSE_MESSAGES.nameTaken },
  ]);

export class CourseService {
  constructor(private readonly db: Db) {}

  async page(q: {
    page: number;
    limit: number;
    search?: string | undefined;
    active?: boolean | undefined;
  }): Promise<Page<Course>> {
    const { items, total } = await courseRepository.page(this.db, q);
    return toPage(items.map(toCourse), total, q);
  }

  async publicList(): Promise<PublicCourse[]> {
    return (await courseRepository.active(this.db)).map(toPublicCourse);
  }

  async get(id: string): Promise<Course> {
    const row = await courseRepository.byId(this.db, id);
    if (!row) throw notFound(COURSE_MESSAGES.notFound);
    return toCourse(row);
  }

  async create(input: unknown): Promise<Course> {
    const c = validate(input);
    if (await courseRepository.nameTaken(this.db, c.name)) throw nameTaken();
    try {
      const row = await courseRepository.insert(this.db, courseColumns(c));
      return toCourse({ ...row, enrollmentCount: 0 });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(); // a concurrent create won the race
      throw err;
    }
  }

  async update(id: string, patch: z.infer<typeof courseUpdateSchema>): Promise<Course> {
    const current = await this.get(id);
    const c = validate({ ...current, ...patch });
    if (await courseRepository.nameTaken(this.db, c.name, id)) throw nameTaken();
    try {
      await courseRepository.update(this.db, id, courseColumns(c));
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken();
      throw err;
    }
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    const current = await this.get(id);
    if (current.enrollmentCount > 0) throw conflict(COURSE_MESSAGES.hasEnrollments);
    try {
      await courseRepository.delete(this.db, id);
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(COURSE_MESSAGES.hasEnrollments); // enrolled meanwhile
      throw err;
    }
  }
}
