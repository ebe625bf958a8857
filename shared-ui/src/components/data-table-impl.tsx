import { Box, Button, HStack, Input, Text } from '@chakra-ui/react';
import { NativeSelect, Table } from '../overlays';
import { useMemo, useState } from 'react';
import { EmptyState, LoadingState } from './states';

import type { DataTableProps } from './data-table';

/** A paginated table with optional search on one named field, loading and empty states (./data-table.tsx). */
export function DataTable<T>({
  rows, columns, rowKey, pageSize: initialSize = 10, pageSizes = [5, 10, 20, 50], loading, emptyText = 'No records found',
  searchField, caption,
}: DataTableProps<T>) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(initialSize);
  const [query, setQuery] = useState('');
  const searchCol = columns.find((c) => c.header === searchField);
  const filtered = useMemo(() => {
    const all = rows ?? [];
    if (!searchCol?.text || !query.trim()) return all;
    const q = query.trim().toLowerCase();
    return all.filter((r) => searchCol.text!(r).toLowerCase().includes(q));
  }, [rows, query, searchCol]);
  const pages = Math.max(1, Math.ceil(filtered.length / size));
  const current = Math.min(page, pages - 1);
  const visible = filtered.slice(current * size, current * size + size);

  if (loading) return <LoadingState />;
  return (
    <Box>
      {searchCol && (
        <Input
          mb="3"
          maxW="sm"
          placeholder={`Search by ${searchCol.header}`}
          aria-label={`Search by ${searchCol.header}`}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
        />
      )}
      {filtered.length === 0 ? (
        <EmptyState title={emptyText} />
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="outline" striped aria-label={caption}>
            <Table.Header>
              <Table.Row>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
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
      )}
      {filtered.length > 0 && (
        <HStack mt="3" gap="3" justify="flex-end" flexWrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Rows per page
          </Text>
          <NativeSelect.Root size="sm" width="20">
            <NativeSelect.Field
              aria-label="Rows per page"
              value={size}
              onChange={(e) => {
                setSize(Number(e.target.value));
                setPage(0);
              }}
            >
              {Array.from(new Set([...pageSizes, initialSize])).sort((a, b) => a - b).map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text fontSize="sm">
            {current * size + 1}–{Math.min(filtered.length, current * size + size)} of {filtered.length}
          </Text>
          <Button size="sm" variant="outline" onClick={() => setPage(current - 1)} disabled={current === 0}>
            Previous page
          </Button>
          <Button size="sm" variant="outline" onClick={() => setPage(current + 1)} disabled={current >= pages - 1}>
            Next page
          </Button>
        </HStack>
      )}
    </Box>
  );
}
