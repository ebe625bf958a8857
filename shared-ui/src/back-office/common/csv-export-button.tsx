/** Download CSV of a whole server-paged list: fetches every page (100 rows each), saying how far it got, then saves the file. */
import { useState } from 'react';
import { errorText, type PageOf } from 'shared-api';
import { Button, HStack, Text, notify } from 'shared-ui';
import { collectAllPages, downloadCsv } from './csv';

export interface CsvExport<T> {
  filename: string;
  header: string[];
  /** one page of the list (the whole list: no search) */
  load: (page: number, limit: number) => Promise<PageOf<T>>;
  rowKey: (row: T) => string;
  toCsvRow: (row: T) => (string | number | null | undefined)[];
  /** the toast's title when a page cannot be fetched */
  errorTitle: string;
}

export function CsvExportButton<T>({ csv, disabled, size = 'sm' }: { csv: CsvExport<T>; disabled?: boolean; size?: 'sm' | 'md' }) {
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const run = async () => {
    setProgress({ loaded: 0, total: 0 });
    try {
      const rows = await collectAllPages(csv.load, csv.rowKey, (loaded, total) => setProgress({ loaded, total }));
      await downloadCsv(csv.filename, csv.header, rows.map(csv.toCsvRow));
    } catch (err) {
      notify.error(csv.errorTitle, errorText(err, 'Network Error'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <HStack gap="3">
      {progress && (
        <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
          Preparing CSV… {progress.loaded} of {progress.total || '…'} rows
        </Text>
      )}
      <Button size={size} variant="outline" disabled={disabled || !!progress} loading={!!progress} onClick={() => void run()}>
        Download CSV
      </Button>
    </HStack>
  );
}
