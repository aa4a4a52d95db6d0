/**
 * The inquiry form on the shared form kit (shared/form/use-on-touched-form.ts): its values, what
 * the contract's `inquirySchema` is given, and the schema's late arrival. The schema loads when the
 * visitor starts on the form (use-inquiry-rules.ts), before any blur; a submit that comes first
 * waits for it.
 */
import { useRef } from 'react';
import type { Inquiry, InquiryInput } from '@registrar/contract/inquiry';
import type { INQUIRY_WORKING_AS_OPTIONS, Reference } from '@registrar/contract/constants';
import { useOnTouchedForm, validateWith } from '../../shared/form/use-on-touched-form';
import { loadInquiryRules, useInquiryRules, type InquiryRules } from './use-inquiry-rules';

export interface InquiryFormValues {
  name: string;
  address: string;
  email: string;
  phoneNumber: string;
  currentlyWorkingAs: '' | (typeof INQUIRY_WORKING_AS_OPTIONS)[number];
  currentlyAt: string;
  areaOfInterest: string[];
  reference: '' | Reference;
  friendName: string;
  friendWorkingArea: string;
  courseId: string;
}
export type InquiryField = keyof InquiryFormValues;

export const EMPTY_INQUIRY: InquiryFormValues = {
  name: '',
  address: '',
  email: '',
  phoneNumber: '',
  currentlyWorkingAs: '',
  currentlyAt: '',
  areaOfInterest: [],
  reference: '',
  friendName: '',
  friendWorkingArea: '',
  courseId: '',
};

/** What the schema sees: friend fields only when the reference is a friend; '' means not chosen. */
export function toInquiryInput(values: InquiryFormValues): InquiryInput {
  const friend = values.reference === 'friend';
  return {
    name: values.name,
    address: values.address,
    email: values.email,
    // People write numbers in groups ('98765 43210', '98765-43210'): the digits are what count.
    phoneNumber: values.phoneNumber.replace(/[\s-]/g, ''),
    currentlyWorkingAs: values.currentlyWorkingAs,
    currentlyAt: values.currentlyAt,
    areaOfInterest: values.areaOfInterest,
    reference: (values.reference || undefined) as InquiryInput['reference'],
    friendName: friend ? values.friendName : undefined,
    friendWorkingArea: friend ? values.friendWorkingArea : undefined,
    courseId: values.courseId,
  };
}

export function useInquiryForm(initial: InquiryFormValues = EMPTY_INQUIRY) {
  const rules = useInquiryRules();
  // The rules a submit loaded itself, before the render that brings `rules`.
  const loadedBySubmit = useRef<InquiryRules | undefined>(undefined);
  const form = useOnTouchedForm<InquiryFormValues, Inquiry>(initial, (values) => {
    const loaded = rules ?? loadedBySubmit.current;
    return loaded ? validateWith(loaded.inquirySchema, toInquiryInput)(values) : { errors: {} };
  });

  /**
   * Validates everything; calls `onValid` with the schema's output (trimmed, blanks left out). A
   * submit before the schema has arrived waits for it; `onFailedLoad` hears when it cannot load.
   */
  const submit = async (onValid: (inquiry: Inquiry) => Promise<void> | void, onFailedLoad: (err: unknown) => void) => {
    if (!rules && !loadedBySubmit.current) {
      try {
        loadedBySubmit.current = await loadInquiryRules();
      } catch (err) {
        onFailedLoad(err);
        return;
      }
    }
    await form.submit(onValid);
  };

  return { ...form, submit, rules };
}
