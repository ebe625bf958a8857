/** The paging of the back office's server-paged tables (the kit's DataTable shows one page): no UI here. */
import { useEffect, useMemo, useState } from 'react';
import type { PageArgs } from 'shared-api';
import type { ServerPaging } from 'shared-ui';

/** How long typing in a server-paged table's search box pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Page (from 1), page size and search of one server-paged table. A new `resetKey` (e.g. the chosen date) starts again
 * at page 1.
 */
export function useServerPaging(pageSize = 10, resetKey?: string): ServerPaging {
  const [page, setPage] = useState(1);
  const [keyOfPage, setKeyOfPage] = useState(resetKey);
  if (keyOfPage !== resetKey) {
    setKeyOfPage(resetKey);
    setPage(1);
  }
  const [size, setSize] = useState(pageSize);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);
  const args = useMemo<PageArgs>(() => ({ page, limit: size, ...(search ? { search } : {}) }), [page, size, search]);
  return useMemo(() => ({
    page, pageSize: size, searchText, setPage, setSearchText, args,
    setPageSize: (n: number) => {
      setSize(n);
      setPage(1);
    },
  }), [page, size, searchText, args]);
}
