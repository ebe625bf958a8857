/**
 * DataTable: a paginated table with optional search on one named field, loading and empty states. Its code (and
 * Chakra's table and select) is fetched when a table is first shown (./data-table-impl.tsx): no screen of a
 * student's first render has one. The page shows its loading state meanwhile.
 */
import type { JSX, ReactNode } from 'react';
import { lazyScreen } from './lazy-screen';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** text used for search on this column */
  text?: (row: T) => string;
}

export interface DataTableProps<T> {
  rows: T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  pageSize?: number;
  pageSizes?: number[];
  loading?: boolean;
  emptyText?: string;
  /** search on this column's text (by header) */
  searchField?: string;
  caption?: string;
}

export const DataTable = lazyScreen(
  () => import(/* webpackChunkName: "ui-data-table" */ './data-table-impl').then((m) => m.DataTable as (props: DataTableProps<unknown>) => JSX.Element),
) as unknown as (<T>(props: DataTableProps<T>) => JSX.Element) & { preload(): Promise<void> };
