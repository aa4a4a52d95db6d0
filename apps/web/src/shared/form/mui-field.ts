/**
 * What an MUI text field needs to show a react-hook-form field: its registration, and its message in
 * red under it, standing in for its hint while there is one.
 *
 *   const registered = muiField(register, errors);
 *   <TextField label="Name" required {...registered('name')} />
 *   <TextField label="Price" type="number" {...registered('price', 'The fee when paid in full.', { valueAsNumber: true })} />
 */
import type { ReactNode } from 'react';
import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type RegisterOptions,
  type UseFormRegister,
} from 'react-hook-form';

export function muiField<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return <N extends FieldPath<T>>(name: N, hint?: ReactNode, options?: RegisterOptions<T, N>) => {
    const error = get(errors, name) as FieldError | undefined;
    return { error: Boolean(error), helperText: error?.message ?? hint, ...register(name, options) };
  };
}
