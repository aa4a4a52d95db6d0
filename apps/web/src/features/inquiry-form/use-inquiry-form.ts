/**
 * The inquiry form's state, validated by the contract's `inquirySchema` with the behaviour of
 * react-hook-form's `mode: 'onTouched'`: a field shows its error after its first blur and then
 * follows every keystroke; a submit attempt shows every error and focuses the first one. Errors
 * the server sends back (`errors: [{ path, message }]`) sit on their fields until the field changes.
 *
 * Why not react-hook-form + zodResolver: measured on this page, the two add 15 KiB of gzipped JS
 * (177.4 KiB for a bare form against the form's 170 KiB budget, bench/README.md; /login made the same call,
 * see features/auth/use-schema-form.ts). The values here are a dozen strings and one list, so
 * plain controlled state is enough; the schema, and so every message, still comes from the contract.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FieldError } from '@registrar/contract/envelope';
import type { Inquiry, InquiryInput } from '@registrar/contract/inquiry';
import type { INQUIRY_WORKING_AS_OPTIONS, Reference } from '@registrar/contract/constants';
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

/** Screen order: the first invalid field in this order gets the focus. */
export const FIELD_ORDER: readonly InquiryField[] = [
  'name',
  'address',
  'email',
  'phoneNumber',
  'currentlyWorkingAs',
  'currentlyAt',
  'areaOfInterest',
  'courseId',
  'reference',
  'friendName',
  'friendWorkingArea',
];

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

type Messages = Partial<Record<InquiryField, string>>;

const isField = (name: unknown): name is InquiryField =>
  typeof name === 'string' && (FIELD_ORDER as readonly string[]).includes(name);

/** The first message of each field, in the order the schema reports them. */
function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Messages {
  const messages: Messages = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && !(field in messages)) messages[field] = issue.message;
  }
  return messages;
}

export function useInquiryForm(initial: InquiryFormValues = EMPTY_INQUIRY) {
  const [values, setValues] = useState<InquiryFormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<InquiryField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<Messages>({});
  const elements = useRef<Partial<Record<InquiryField, HTMLElement | null>>>({});

  // The schema arrives once the visitor starts on the form (use-inquiry-rules.ts), before any blur.
  const rules = useInquiryRules();
  const result = useMemo(() => rules?.inquirySchema.safeParse(toInquiryInput(values)), [rules, values]);
  const schemaErrors = useMemo(() => (!result || result.success ? {} : firstMessages(result.error.issues)), [result]);

  /** What a field shows: its own rule once reached (blur or submit), else what the server said. */
  const errorOf = (name: InquiryField): string | undefined =>
    ((submitted || touched.has(name)) && schemaErrors[name]) || serverErrors[name] || undefined;

  const setValue = useCallback(<K extends InquiryField>(name: K, value: InquiryFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrorsState((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const blur = useCallback((name: InquiryField) => {
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);

  /** `ref` for the element that takes the focus when the field is in error. */
  const refFor = useCallback(
    (name: InquiryField) => (element: HTMLElement | null) => {
      elements.current[name] = element;
    },
    [],
  );

  const focusFirst = (messages: Messages) => {
    const first = FIELD_ORDER.find((name) => messages[name] && elements.current[name]);
    if (first) elements.current[first]?.focus();
  };

  /** Puts the server's field errors on their fields ('areaOfInterest.0' → areaOfInterest). */
  const setServerErrors = (errors: readonly FieldError[]) => {
    const messages: Messages = {};
    for (const { path, message } of errors) {
      const field = path.split('.')[0];
      if (isField(field) && !(field in messages)) messages[field] = message;
    }
    setServerErrorsState(messages);
    focusFirst(messages);
    return Object.keys(messages).length;
  };

  /**
   * Validates everything; calls `onValid` with the schema's output (trimmed, blanks left out). A
   * submit before the schema has arrived waits for it; `onFailedLoad` hears when it cannot load.
   */
  const submit = (onValid: (inquiry: Inquiry) => void, onFailedLoad?: (err: unknown) => void) => {
    setSubmitted(true);
    const judge = ({ inquirySchema }: InquiryRules) => {
      const checked = inquirySchema.safeParse(toInquiryInput(values));
      if (!checked.success) {
        focusFirst(firstMessages(checked.error.issues));
        return;
      }
      onValid(checked.data);
    };
    if (rules) judge(rules);
    else loadInquiryRules().then(judge, onFailedLoad);
  };

  return { values, setValue, blur, errorOf, refFor, submit, setServerErrors, rules };
}
