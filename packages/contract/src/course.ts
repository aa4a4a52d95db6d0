/** Courses: _id, name, price, emiPrice. Amounts are rupees in JSON. */
import { z } from 'zod';
import { DELIVERY_MODES, courseGstFields } from './gst';

export const COURSE_LIMITS = { nameMax: 100, installmentsMax: 24, descriptionMax: 2000, durationMax: 100 } as const;

export const COURSE_MESSAGES = {
  nameRequired: 'Course name is required',
  nameTooLong: 'Course name must be at most 100 characters',
  nameTaken: 'A course with this name already exists',
  priceInvalid: 'Price must be more than 0 with at most 2 decimals',
  installmentInvalid: 'Each installment must be more than 0 with at most 2 decimals',
  installmentsCount: 'Add between 1 and 24 installments',
  installmentsBelowPrice: 'Installments must add up to at least the price',
  created: 'Course created',
  updated: 'Course updated',
  deleted: 'Course deleted',
  hasEnrollments: 'This course has enrolments and cannot be deleted; deactivate it instead',
  notFound: 'Course not found',
} as const;

/** At most 2 decimals, compared in paise so 1999.99 is exact. */
export const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const amount = (message: string) =>
  z
    .number({ error: message })
    // At least one paisa: a smaller positive amount would round to a free installment.
    .min(0.01, { error: message })
    .max(10_000_000, { error: message })
    .refine(hasAtMostTwoDecimals, { error: message });

export const sumInPaise = (amounts: number[]) => amounts.reduce((total, a) => total + Math.round(a * 100), 0);

export const courseInputSchema = z
  .object({
    name: z
      .string({ error: COURSE_MESSAGES.nameRequired })
      .trim()
      .min(1, { error: COURSE_MESSAGES.nameRequired, abort: true })
      .max(COURSE_LIMITS.nameMax, { error: COURSE_MESSAGES.nameTooLong }),
    price: amount(COURSE_MESSAGES.priceInvalid),
    emiPrice: z
      .array(amount(COURSE_MESSAGES.installmentInvalid), { error: COURSE_MESSAGES.installmentsCount })
      .min(1, { error: COURSE_MESSAGES.installmentsCount })
      .max(COURSE_LIMITS.installmentsMax, { error: COURSE_MESSAGES.installmentsCount }),
    description: z.string().trim().max(COURSE_LIMITS.descriptionMax).optional().default(''),
    duration: z.string().trim().max(COURSE_LIMITS.durationMax).optional().default(''),
    active: z.boolean().optional().default(true),
    ...courseGstFields,
  })
  .refine((c) => sumInPaise(c.emiPrice) >= Math.round(c.price * 100), {
    error: COURSE_MESSAGES.installmentsBelowPrice,
    path: ['emiPrice'],
  });
export type CourseInput = z.input<typeof courseInputSchema>;

/** PUT may send only what changes (e.g. `{ active: false }`); the merged course is checked whole. */
export const courseUpdateSchema = z.object({
  name: z.string().optional(),
  price: z.number().optional(),
  emiPrice: z.array(z.number()).optional(),
  description: z.string().optional(),
  duration: z.string().optional(),
  active: z.boolean().optional(),
  sac: z.string().optional(),
  gstRate: z.number().optional(),
  taxInclusive: z.boolean().optional(),
  deliveryMode: z.string().optional(),
  gstExempt: z.boolean().optional(),
});

export const courseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  emiPrice: z.array(z.number()),
  description: z.string(),
  duration: z.string(),
  active: z.boolean(),
  enrollmentCount: z.number().int(),
  sac: z.string(),
  gstRate: z.number(),
  taxInclusive: z.boolean(),
  deliveryMode: z.enum(DELIVERY_MODES),
  gstExempt: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Course = z.infer<typeof courseSchema>;

/**
 * What the public forms get from `GET /api/course?type=all`: the spec's fields, plus the tax terms
 * so the form can say when GST is added to the price.
 */
export const publicCourseSchema = courseSchema.pick({
  _id: true,
  name: true,
  price: true,
  emiPrice: true,
  gstRate: true,
  taxInclusive: true,
  gstExempt: true,
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;

export const areaOfInterestSchema = z.object({ _id: z.string(), name: z.string() });

export const courseListQuerySchema = z.object({
  type: z.enum(['all']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});
