/**
 * The form state of the public screens (sign-in, enrolment, inquiry), behaving like
 * react-hook-form's `mode: 'onTouched'`: a field shows its error after its first blur and then
 * updates it as the visitor types; a submit attempt shows every error and moves the focus to the
 * first one on screen. Errors come from one `validate` function over all the values (a contract
 * schema through `validateWith`, plus whatever else the screen checks), so the messages are the
 * contract's, never copies. The server's field errors (`errors: [{ path, message }]`) show on their
 * fields until the field changes. The controls that go with it are in ./form-kit.tsx.
 *
 * Why not react-hook-form + zodResolver: on these routes they cost 12–15 KiB gzipped, and React,
 * the router, Redux, toasts and zod already take most of each route's 170 KiB budget
 * (bench/README.md). The admin console (profile screen) uses react-hook-form.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldError } from '@registrar/contract/envelope';
import type { z } from 'zod';

/** All the form's errors by field, and the parsed data when there are none. */
export interface Validation<Out> {
  data?: Out | undefined;
  errors: Record<string, string>;
}
export type Validate<Values, Out> = (values: Values) => Validation<Out>;

/** The fields whose values are strings: the ones an input, select or textarea edits. */
export type TextName<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message of each top-level field ('areaOfInterest.0' counts as areaOfInterest). */
export function firstMessages(issues: readonly Issue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const { path, message } of issues) {
    const field = path[0];
    if (typeof field === 'string' && !(field in messages)) messages[field] = message;
  }
  return messages;
}

/** A `validate` that parses the values (or what `toInput` makes of them) with a contract schema. */
export function validateWith<S extends z.ZodType, Values = unknown>(
  schema: S,
  toInput: (values: Values) => unknown = (values) => values,
): Validate<Values, z.output<S>> {
  return (values) => {
    const parsed = schema.safeParse(toInput(values));
    return parsed.success ? { data: parsed.data, errors: {} } : { errors: firstMessages(parsed.error.issues) };
  };
}

/** The element of `names` that comes first on the page. */
function firstOnPage(elements: ReadonlyMap<string, HTMLElement>, names: Iterable<string>): HTMLElement | undefined {
  let first: HTMLElement | undefined;
  for (const name of names) {
    const element = elements.get(name);
    if (!element?.isConnected) continue;
    if (!first || first.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_PRECEDING) first = element;
  }
  return first;
}

const without = <T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> => {
  if (!set.has(item)) return set;
  const next = new Set(set);
  next.delete(item);
  return next;
};

export function useOnTouchedForm<Values extends object, Out>(defaults: Values, validate: Validate<Values, Out>) {
  const [values, setValues] = useState(defaults);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  // Fields put back by `reset`: their error waits for their next change or blur.
  const [quiet, setQuiet] = useState<ReadonlySet<string>>(() => new Set());
  const [submitCount, setSubmitCount] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [serverErrors, setServerErrorMap] = useState<Record<string, string>>({});
  // Focus moves after the render that shows the errors (a fieldset disabled while sending is
  // enabled again by then).
  const [focusRequest, setFocusRequest] = useState<{ names: readonly string[] } | null>(null);
  const elements = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const busy = useRef(false);

  const result = validate(values);

  /** What a field shows: its own rule once reached (blur or submit), else what the server said. */
  const error = (name: string): string | undefined => {
    if (quiet.has(name)) return undefined;
    const reached = submitCount > 0 || touched.has(name);
    return (reached && result.errors[name]) || serverErrors[name] || undefined;
  };

  const touch = useCallback((name: string) => {
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
    setQuiet((current) => without(current, name));
  }, []);

  /** Something about `name` changed (a value, a chosen file): its server error no longer applies. */
  const changed = useCallback((name: string) => {
    setServerErrorMap((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
    setQuiet((current) => without(current, name));
  }, []);

  const setValue = useCallback(
    <K extends keyof Values & string>(name: K, value: Values[K]) => {
      setValues((current) => (Object.is(current[name], value) ? current : { ...current, [name]: value }));
      changed(name);
    },
    [changed],
  );

  /** Puts a value back without judging it: no error shows until the field changes or is left. */
  const reset = <K extends keyof Values & string>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setQuiet((current) => new Set(current).add(name));
  };

  /** `ref` for the element that takes the focus when the field is in error. */
  const ref = (name: string) => {
    let callback = refs.current.get(name);
    if (!callback) {
      callback = (element: HTMLElement | null) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      };
      refs.current.set(name, callback);
    }
    return callback;
  };

  const focus = (name: string) => elements.current.get(name)?.focus();

  useEffect(() => {
    if (focusRequest) firstOnPage(elements.current, focusRequest.names)?.focus();
  }, [focusRequest]);

  /** Props for an input, select or textarea: name, value and the handlers. */
  const bind = <K extends TextName<Values>>(name: K) => ({
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<Control>) => setValue(name, event.target.value as Values[K]),
    onBlur: () => touch(name),
  });

  /** `bind` plus the ref and the error: everything a control of ./form-kit.tsx takes. */
  const field = <K extends TextName<Values>>(name: K) => ({ ...bind(name), ref: ref(name), error: error(name) });

  /** Puts the server's field errors on their fields and focuses the first on screen. */
  const setServerErrors = useCallback((errors: readonly FieldError[]) => {
    const map = firstMessages(errors.filter((e) => e.message).map((e) => ({ ...e, path: e.path.split('.') })));
    setServerErrorMap(map);
    if (Object.keys(map).length > 0) setFocusRequest({ names: Object.keys(map) });
  }, []);

  /**
   * Validates everything and shows every error. Calls `onValid` with the parsed data when all is
   * well; otherwise focuses the first field in error and resolves false. A submit while `onValid`
   * still runs is ignored.
   */
  const submit = async (onValid: (data: Out) => Promise<void> | void): Promise<boolean> => {
    if (busy.current) return true;
    setSubmitCount((n) => n + 1);
    setQuiet(new Set());
    const fresh = validate(values);
    if (fresh.data === undefined) {
      setFocusRequest({ names: Object.keys(fresh.errors) });
      return false;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await onValid(fresh.data);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
    return true;
  };

  /** `submit` as a form's `onSubmit`: the browser's own validation and submit are left out. */
  const handleSubmit =
    (onValid: (data: Out) => Promise<void> | void) =>
    (event?: FormEvent): Promise<boolean> => {
      event?.preventDefault();
      return submit(onValid);
    };

  return {
    values,
    setValue,
    reset,
    bind,
    field,
    ref,
    focus,
    error,
    touch,
    changed,
    setServerErrors,
    submit,
    handleSubmit,
    submitCount,
    submitting,
  };
}
