/**
 * What a role sees of a person. Without 'people.contact' only the name and enrolment number of
 * a student stay (plus course, status and money); without 'documents.view' no identity document
 * or photo is listed. Shaped here, on the server, so hiding never depends on the browser.
 */
import type { EnrollmentDetail, EnrollmentRecord } from '@registrar/contract/enrollment-admin';
import type { InquiryDetail, InquiryRecord } from '@registrar/contract/inquiry-admin';
import type { Page } from '@registrar/contract/envelope';
import { can as roleCan, type Permission, type Role } from '@registrar/contract/permissions';

type Can = (permission: Permission) => boolean;
const canOf =
  (role: Role): Can =>
  (permission) =>
    roleCan(role, permission);

function enrollmentRecordFor<T extends EnrollmentRecord>(can: Can, record: T): T {
  let shaped = record;
  if (!can('people.contact'))
    shaped = {
      ...shaped,
      email: '',
      phoneNumber: '',
      alterNativePhoneNumber: null,
      currentAddress: '',
      permanentAddress: '',
      currentlyWorkingPlace: '',
      currentSem: null,
      designation: null,
    };
  if (!can('documents.view')) shaped = { ...shaped, profilePictureUrl: null };
  return shaped;
}

export const enrollmentPageFor = (role: Role, page: Page<EnrollmentRecord>): Page<EnrollmentRecord> => ({
  ...page,
  items: page.items.map((r) => enrollmentRecordFor(canOf(role), r)),
});

export function enrollmentDetailFor(role: Role, detail: EnrollmentDetail): EnrollmentDetail {
  const can = canOf(role);
  const shaped = enrollmentRecordFor(can, detail);
  return can('documents.view') ? shaped : { ...shaped, documents: [] };
}

function inquiryRecordFor<T extends InquiryRecord>(can: Can, record: T): T {
  if (can('people.contact')) return record;
  return {
    ...record,
    address: '',
    email: '',
    phoneNumber: '',
    currentlyAt: null,
    friendName: null,
    friendWorkingArea: null,
  };
}

export const inquiryPageFor = (role: Role, page: Page<InquiryRecord>): Page<InquiryRecord> => ({
  ...page,
  items: page.items.map((r) => inquiryRecordFor(canOf(role), r)),
});

export function inquiryDetailFor(role: Role, detail: InquiryDetail): InquiryDetail {
  const can = canOf(role);
  const shaped = inquiryRecordFor(can, detail);
  // A contact's note is free text about the person: it goes with their contact details.
  return can('people.contact') ? shaped : { ...shaped, contacts: shaped.contacts.map((c) => ({ ...c, note: null })) };
}
