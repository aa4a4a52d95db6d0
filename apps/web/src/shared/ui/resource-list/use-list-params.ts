/**
 * The list's state in the address bar: `?page=2&limit=25&search=java&active=true`.
 * Reload, back and forward and a shared link all land on the same page of the same search.
 * Defaults (page 1, 10 a page, no search, no filter) are left out of the URL.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@registrar/contract/constants';

/** The page sizes on offer (the API caps a page at 100 rows). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, PAGE_SIZE_MAX] as const;
/** The server refuses longer searches (contract `pagingQuerySchema`). */
export const SEARCH_MAX = 100;

export interface ListParams {
  page: number;
  limit: number;
  /** Trimmed; undefined when empty, so an empty search and none share one cache entry. */
  search: string | undefined;
  /** The declared filters' values; undefined when a filter shows everything. */
  filters: Record<string, string | undefined>;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

export function parseListParams(params: URLSearchParams, filterNames: readonly string[] = []): ListParams {
  const limit = positiveInt(params.get('limit'));
  const search = (params.get('search') ?? '').trim().slice(0, SEARCH_MAX);
  const filters: Record<string, string | undefined> = {};
  for (const name of filterNames) filters[name] = params.get(name) || undefined;
  return {
    page: positiveInt(params.get('page')) ?? 1,
    limit: limit !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(limit) ? limit : PAGE_SIZE_DEFAULT,
    search: search || undefined,
    filters,
  };
}

export interface ListParamsControls extends ListParams {
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
  /** A new search starts again at page 1; it replaces the history entry rather than adding one a keystroke. */
  setSearch: (search: string) => void;
  /** A new filter value starts again at page 1. */
  setFilter: (name: string, value: string | undefined) => void;
  /** Clears the search and every filter at once (one history entry). */
  clearSearchAndFilters: () => void;
}

export function useListParams(filterNames: readonly string[] = []): ListParamsControls {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKey = filterNames.join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for filterNames
  const parsed = useMemo(() => parseListParams(searchParams, filterNames), [searchParams, filterKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const setPage = useCallback(
    (page: number, options: { replace?: boolean } = {}) =>
      update((next) => {
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
      }, options.replace),
    [update],
  );

  const setLimit = useCallback(
    (limit: number) =>
      update((next) => {
        if (limit === PAGE_SIZE_DEFAULT) next.delete('limit');
        else next.set('limit', String(limit));
        next.delete('page');
      }),
    [update],
  );

  const setSearch = useCallback(
    (search: string) =>
      update((next) => {
        const value = search.trim().slice(0, SEARCH_MAX);
        if ((next.get('search') ?? '') === value) return;
        if (value) next.set('search', value);
        else next.delete('search');
        next.delete('page');
      }, true),
    [update],
  );

  const setFilter = useCallback(
    (name: string, value: string | undefined) =>
      update((next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
      }),
    [update],
  );

  const clearSearchAndFilters = useCallback(
    () =>
      update((next) => {
        for (const name of ['search', 'page', ...filterKey.split('\u0000').filter(Boolean)]) next.delete(name);
      }),
    [update, filterKey],
  );

  return { ...parsed, setPage, setLimit, setSearch, setFilter, clearSearchAndFilters };
}
