import { Box, Button, HStack, Input, SimpleGrid, Spinner, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { NativeSelect, Table } from '../overlays';
import { useEffect, useMemo, useState } from 'react';
import { SEARCH_MAX, formatNumber, i18n } from 'shared-api';
import { EmptyState, LoadingState } from './states';

import type { DataTableProps } from './data-table';

/**
 * A paginated table with optional search on one named field, loading and empty states (./data-table.tsx). Column
 * headers and the search field are English (the callers', marked for extraction), matched as they are and shown in the
 * interface's language; the paging texts and figures too.
 */
export function DataTable<T>({
  rows, columns, rowKey, pageSize: initialSize = 10, pageSizes = [5, 10, 20, 50], loading, emptyText,
  searchField, caption, paging, total: serverTotal, fetching = false, cardsBelow,
}: DataTableProps<T>) {
  // (ssr off: the screen's own size at the first render, not a table that turns into cards a moment later)
  const cards = useBreakpointValue(cardsBelow ? { base: true, [cardsBelow]: false } : { base: false }, { ssr: false }) ?? false;
  const [localPage, setLocalPage] = useState(0);
  const [localSize, setLocalSize] = useState(initialSize);
  const [localQuery, setLocalQuery] = useState('');
  const searchCol = columns.find((c) => c.header === searchField);
  const filtered = useMemo(() => {
    const all = rows ?? [];
    if (paging || !searchCol?.text || !localQuery.trim()) return all;
    const q = localQuery.trim().toLowerCase();
    return all.filter((r) => searchCol.text!(r).toLowerCase().includes(q));
  }, [rows, localQuery, searchCol, paging]);

  const size = paging ? paging.pageSize : localSize;
  const total = paging ? (serverTotal ?? rows?.length ?? 0) : filtered.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(paging ? paging.page - 1 : localPage, pages - 1);
  const visible = paging ? (rows ?? []) : filtered.slice(current * size, current * size + size);
  const query = paging ? paging.searchText : localQuery;
  const goTo = (index: number) => (paging ? paging.setPage(index + 1) : setLocalPage(index));

  // The list shrank under the current page (rows deleted elsewhere): show its last page.
  const pastTheEnd = !!paging && serverTotal !== undefined && !fetching && paging.page > pages;
  useEffect(() => {
    if (pastTheEnd) paging.setPage(pages);
  }, [pastTheEnd, paging, pages]);

  if (loading) return <LoadingState />;
  const searchName = paging ? searchField : searchCol?.header;
  const searchLabel = searchName && i18n._('Search by {field}', { field: i18n._(searchName) });
  return (
    <Box>
      {searchLabel && (
        <Input
          mb="3"
          maxW="sm"
          placeholder={searchLabel}
          aria-label={searchLabel}
          maxLength={paging ? SEARCH_MAX : undefined}
          value={query}
          onChange={(e) => {
            if (paging) paging.setSearchText(e.target.value);
            else {
              setLocalQuery(e.target.value);
              setLocalPage(0);
            }
          }}
        />
      )}
      {total === 0 || visible.length === 0 ? (
        fetching ? <LoadingState /> : <EmptyState title={emptyText ?? i18n._('No records found')} />
      ) : (
        cards ? <RowCards rows={visible} columns={columns} rowKey={rowKey} caption={caption} fetching={fetching} /> : (
        <Box overflowX="auto" aria-busy={fetching} opacity={fetching ? 0.6 : 1} transition="opacity 0.2s">
          <Table.Root size="sm" variant="outline" striped aria-label={caption}>
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.header}>{i18n._(c.header)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {visible.map((r) => (
                <Table.Row key={rowKey(r)}>
                  {columns.map((c) => (
                    <Table.Cell key={c.header}>{c.cell(r)}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
        )
      )}
      {total > 0 && (
        <HStack mt="3" gap="3" justify="flex-end" flexWrap="wrap">
          {fetching && <Spinner size="sm" aria-label={i18n._('Loading page')} />}
          <Text fontSize="sm" color="fg.muted">
            {i18n._('Rows per page')}
          </Text>
          <NativeSelect.Root size="sm" width="20">
            <NativeSelect.Field
              aria-label={i18n._('Rows per page')}
              value={size}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (paging) paging.setPageSize(n);
                else {
                  setLocalSize(n);
                  setLocalPage(0);
                }
              }}
            >
              {Array.from(new Set([...pageSizes, initialSize])).sort((a, b) => a - b).map((n) => (
                <option key={n} value={n}>{formatNumber(n)}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text fontSize="sm" data-testid="table-range">
            {i18n._('{from}–{to} of {total}', {
              from: formatNumber(current * size + 1), to: formatNumber(Math.min(total, current * size + size)), total: formatNumber(total),
            })}
          </Text>
          <Button size="sm" variant="outline" onClick={() => goTo(current - 1)} disabled={current === 0}>
            {i18n._('Previous page')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => goTo(current + 1)} disabled={current >= pages - 1}>
            {i18n._('Next page')}
          </Button>
        </HStack>
      )}
    </Box>
  );
}

/** The rows as a list of cards (`cardsBelow`): a title, each column's header and value, then the row's buttons. */
function RowCards<T>({ rows, columns, rowKey, caption, fetching }: Pick<DataTableProps<T>, 'columns' | 'rowKey' | 'caption' | 'fetching'> & { rows: T[] }) {
  const [title, ...rest] = columns;
  const fields = rest.filter((c) => !c.actions);
  const actions = rest.filter((c) => c.actions);
  return (
    <Stack as="ul" aria-label={caption} aria-busy={fetching} gap="3" listStyleType="none" m="0" p="0" opacity={fetching ? 0.6 : 1} transition="opacity 0.2s">
      {rows.map((r) => (
        <Box as="li" key={rowKey(r)} borderWidth="1px" borderRadius="lg" p="3" minW="0">
          {title && <Text fontWeight="semibold" mb="2" overflowWrap="anywhere">{title.cell(r)}</Text>}
          <SimpleGrid as="dl" columns={2} columnGap="3" rowGap="2">
            {fields.map((c) => (
              <Box key={c.header} minW="0" data-testid={`field-${c.header}`}>
                <Text as="dt" fontSize="xs" color="fg.muted">{i18n._(c.header)}</Text>
                <Text as="dd" fontSize="sm" overflowWrap="anywhere" data-testid="value">{c.cell(r)}</Text>
              </Box>
            ))}
          </SimpleGrid>
          {actions.map((c) => (
            <Box key={c.header} mt="3">{c.cell(r)}</Box>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
