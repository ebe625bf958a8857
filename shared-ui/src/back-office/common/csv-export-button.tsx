/** Download CSV of a whole server-paged list: fetches every page (100 rows each), saying how far it got, then saves the file. */
import { useState } from 'react';
import { errorText, formatNumber, i18n, type PageOf } from 'shared-api';
import { Button, HStack, Text, notify } from 'shared-ui';
import { collectAllPages, downloadCsv } from './csv';

export interface CsvExport<T> {
  filename: string;
  header: string[];
  /** one page of the list (the whole list: no search) */
  load: (page: number, limit: number) => Promise<PageOf<T>>;
  rowKey: (row: T) => string;
  toCsvRow: (row: T) => (string | number | null | undefined)[];
  /** the toast's title when a page cannot be fetched (in English: shown translated) */
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
      notify.error(i18n._(csv.errorTitle), errorText(err, i18n._('Network Error')));
    } finally {
      setProgress(null);
    }
  };
  return (
    <HStack gap="3">
      {progress && (
        <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite">
          {progress.total
            ? i18n._('Preparing CSV… {loaded} of {total} rows', { loaded: formatNumber(progress.loaded), total: formatNumber(progress.total) })
            : i18n._('Preparing CSV… {loaded} rows', { loaded: formatNumber(progress.loaded) })}
        </Text>
      )}
      <Button size={size} variant="outline" disabled={disabled || !!progress} loading={!!progress} onClick={() => void run()}>
        {i18n._('Download CSV')}
      </Button>
    </HStack>
  );
}
