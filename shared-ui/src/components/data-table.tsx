/**
 * DataTable: a paginated table with optional search on one named field, loading and empty states. Its code (and
 * Chakra's table and select) is fetched when a table is first shown (./data-table-impl.tsx): no screen of a
 * student's first render has one. The page shows its loading state meanwhile.
 *
 * Two modes: the table pages and searches `rows` itself (short lists), or, with `paging` (the back office's
 * useServerPaging), `rows` is
 * the one page the server sent for `paging.args` and `total` the number of rows matching (lists that grow with the data).
 */
import { type JSX, type ReactNode } from 'react';
import type { PageArgs } from 'shared-api';
import { lazyScreen } from './lazy-screen';

export interface Column<T> {
  /** English (the caller marks it for extraction): shown in the interface's language, matched by `searchField` as it is */
  header: string;
  cell: (row: T) => ReactNode;
  /** text used for search on this column */
  text?: (row: T) => string;
  /** a column of buttons: on a card (`cardsBelow`) shown at the card's foot, without its header */
  actions?: boolean;
}

/** Page, page size and search of a server-paged table; the screen queries with `args`. */
export interface ServerPaging {
  /** 1-based */
  page: number;
  pageSize: number;
  /** what the search box shows; `args.search` follows it once typing pauses */
  searchText: string;
  setPage(page: number): void;
  setPageSize(size: number): void;
  setSearchText(text: string): void;
  args: PageArgs;
}

export interface DataTableProps<T> {
  /** every row, or with `paging` the current page's rows */
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  pageSize?: number;
  pageSizes?: number[];
  /** nothing to show yet (the first load) */
  loading?: boolean;
  emptyText?: string;
  /** the search box's label: 'Search by <searchField>' (English, translated when shown); without `paging`, searches the
   * column whose header it is */
  searchField?: string;
  caption?: string;
  /** server-paged mode (see the file's comment) */
  paging?: ServerPaging;
  /** with `paging`: the number of rows matching the search */
  total?: number;
  /** with `paging`: another page is loading; the rows shown stay until it arrives */
  fetching?: boolean;
  /**
   * Below this breakpoint (a phone, a tablet with the sidebar) each row is a card instead of a table row: the first
   * column's value as its title, every other column's header and value, the `actions` columns at its foot. For a
   * table too wide for a phone, whose rows a user reads one by one.
   */
  cardsBelow?: 'sm' | 'md' | 'lg';
}

export const DataTable = lazyScreen(
  () => import(/* webpackChunkName: "ui-data-table" */ './data-table-impl').then((m) => m.DataTable as (props: DataTableProps<unknown>) => JSX.Element),
) as unknown as (<T>(props: DataTableProps<T>) => JSX.Element) & { preload(): Promise<void> };
