import type { ListFilter } from './list-toolbar';

type FilterOption = ListFilter['options'][number];

/** A select filter whose first choice, '' ("All courses"), leaves the list unfiltered. */
export function selectFilter(name: string, label: string, all: string, options: readonly FilterOption[]): ListFilter {
  return { name, label, options: [{ value: '', label: all }, ...options] };
}

/** Each value as a filter choice, named by its label. */
export function optionsOf<Value extends string>(
  values: readonly Value[],
  label: Readonly<Record<Value, string>> | ((value: Value) => string),
): FilterOption[] {
  return values.map((value) => ({ value, label: typeof label === 'function' ? label(value) : label[value] }));
}
