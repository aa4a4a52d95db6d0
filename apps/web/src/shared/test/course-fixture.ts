/** A course as `GET /api/course` lists it, for screen tests: active, tax-inclusive at 18%, with `over` on top. */
import type { Course } from '@registrar/contract/course';

export const courseFixture = (over: Partial<Course>): Course => ({
  _id: 'c1',
  name: 'Course',
  price: 10000,
  emiPrice: [10000],
  description: '',
  duration: '',
  active: true,
  enrollmentCount: 0,
  sac: '999293',
  gstRate: 18,
  taxInclusive: true,
  deliveryMode: 'classroom',
  gstExempt: false,
  createdAt: '',
  updatedAt: '',
  ...over,
});
