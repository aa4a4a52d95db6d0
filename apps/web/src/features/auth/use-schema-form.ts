/**
 * A small form hook for the public sign-in screens, validating with the contract's zod schemas and
 * behaving like react-hook-form's `mode: 'onTouched'`: a field shows its error after its first
 * blur and updates it as the visitor types; a submit attempt shows every error and focuses the
 * first. Inputs stay uncontrolled (`register` gives name, ref, defaultValue and handlers).
 *
 * Why not react-hook-form here: it is ~12 KiB gzipped, and /login must load at most 170 KiB of JS
 * on top of a ~160 KiB base (React, router, Redux, zod, toasts). The admin console
 * (profile screen) uses react-hook-form.
 */
import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type Values<S extends z.ZodType> = z.input<S> & Record<string, string>;
type Name<S extends z.ZodType> = keyof z.input<S> & string;
export type FieldErrors<S extends z.ZodType> = Partial<Record<Name<S>, string>>;

/** The first message of each top-level field, in the order the schema reports them. */
function messagesOf<S extends z.ZodType>(issues: readonly z.core.$ZodIssue[]): FieldErrors<S> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in messages)) messages[field] = issue.message;
  }
  return messages as FieldErrors<S>;
}

export function useSchemaForm<S extends z.ZodType>(schema: S, defaultValues: Values<S>) {
  const values = useRef<Record<string, string>>({ ...defaultValues });
  const elements = useRef<Record<string, HTMLInputElement | null>>({});
  const touched = useRef(new Set<string>());
  const submitted = useRef(false);
  const busy = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<S>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const order = Object.keys(defaultValues);

  /** Validates everything; shows the errors of the fields the visitor has reached. */
  const validate = useCallback(() => {
    const result = schema.safeParse(values.current);
    const all = result.success ? {} : messagesOf<S>(result.error.issues);
    const shown: Record<string, string> = {};
    for (const [field, message] of Object.entries(all) as [string, string][]) {
      if (submitted.current || touched.current.has(field)) shown[field] = message;
    }
    setErrors(shown as FieldErrors<S>);
    return { result, shown };
  }, [schema]);

  const register = (name: Name<S>) => ({
    name,
    defaultValue: values.current[name],
    ref: (element: HTMLInputElement | null) => {
      elements.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current[name] = event.target.value;
      if (submitted.current || touched.current.size > 0) validate();
    },
    onBlur: () => {
      touched.current.add(name);
      validate();
    },
  });

  const setValue = (name: Name<S>, value: string) => {
    values.current[name] = value;
    const element = elements.current[name];
    if (element) element.value = value;
  };

  const setFocus = (name: Name<S>) => elements.current[name]?.focus();

  const handleSubmit =
    (onValid: (data: z.output<S>) => Promise<void> | void) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault();
      if (busy.current) return;
      submitted.current = true;
      const { result, shown } = validate();
      if (!result.success) {
        const first = order.find((field) => field in shown);
        if (first) elements.current[first]?.focus();
        return;
      }
      busy.current = true;
      setSubmitting(true);
      try {
        await onValid(result.data);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };

  return { register, handleSubmit, setValue, setFocus, errors, isSubmitting };
}
