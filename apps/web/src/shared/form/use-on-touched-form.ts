/**
 * The enrolment form's state, behaving like react-hook-form's `mode: 'onTouched'`: a field shows
 * its error after its first blur and then updates it as the visitor types; a submit attempt shows
 * every error. Errors come from one `validate` function over all the values (the contract's
 * `enrollmentFieldsSchema` plus the file rules), so the messages are the contract's, never copies.
 * The server's field errors (`errors: [{ path, message }]`) show on their fields until the field
 * changes.
 *
 * Why not react-hook-form + zodResolver: on this route they cost 14 KiB gzipped, and React, the
 * router, Redux, toasts and zod already take ~163 of the route's 170 KiB. /login made
 * the same choice (features/auth/use-schema-form.ts), which handles text inputs only.
 */
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import type { FieldError } from '@registrar/contract/envelope';

/** All the form's errors by field, and the parsed data when there are none. */
export type Validate<Name extends string, Out> = (values: Record<Name, string>) => {
  data?: Out | undefined;
  errors: Record<string, string>;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export function useOnTouchedForm<Name extends string, Out>(
  defaults: Record<Name, string>,
  validate: Validate<Name, Out>,
) {
  const [values, setValues] = useState(defaults);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitCount, setSubmitCount] = useState(0);
  const [serverErrors, setServerErrorMap] = useState<Record<string, string>>({});
  const busy = useRef(false);

  const result = validate(values);

  const error = (name: string): string | undefined =>
    serverErrors[name] ?? (submitCount > 0 || touched.has(name) ? result.errors[name] : undefined);

  const touch = useCallback((name: string) => {
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  }, []);

  /** Something about `name` changed (a value, a chosen file): its server error no longer applies. */
  const changed = useCallback((name: string) => {
    setServerErrorMap((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const setValue = useCallback(
    (name: Name, value: string) => {
      setValues((current) => (current[name] === value ? current : { ...current, [name]: value }));
      changed(name);
    },
    [changed],
  );

  /** Props for an input, select or textarea: name, value and the handlers. */
  const bind = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<Control>) => setValue(name, event.target.value),
    onBlur: () => touch(name),
  });

  const setServerErrors = useCallback((errors: readonly FieldError[]) => {
    const map: Record<string, string> = {};
    for (const { path, message } of errors) {
      const field = path.split('.')[0];
      if (field && message && !(field in map)) map[field] = message;
    }
    setServerErrorMap(map);
  }, []);

  /**
   * Validates everything and shows every error. Calls `onValid` with the parsed data when all is
   * well; returns false when something is wrong (the caller moves focus to the first error).
   */
  const submit = async (onValid: (data: Out) => Promise<void>): Promise<boolean> => {
    if (busy.current) return true;
    setSubmitCount((n) => n + 1);
    const fresh = validate(values);
    if (fresh.data === undefined) return false;
    busy.current = true;
    try {
      await onValid(fresh.data);
    } finally {
      busy.current = false;
    }
    return true;
  };

  return { values, setValue, bind, error, touch, changed, setServerErrors, submit, submitCount };
}
