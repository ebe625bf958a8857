/** Import CSV: students from a file with the header email,firstname,lastname,phone,password; per-row errors shown. */
import { Box, Button, Field, Input, Link, ScrollX, Stack, Table, Text, notify } from 'shared-ui';
import { DialogFrame } from '../common/dialog-frame';
import { useState } from 'react';
import { PASSWORD_MIN, errorText, formatNumber, i18n, translateServerMessage, useSession } from 'shared-api';
import { useImportUsersCsvMutation, type CsvImportResponse } from 'shared-api/back-office';
import { withSlot } from '../common/with-slot';

export const CSV_HEADER = 'email,firstname,lastname,phone,password';
const TEMPLATE = `${CSV_HEADER}\r\nstudent1@example.com,Sita,Sharma,9800000001,password123\r\n`;
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
const MAX_BYTES = 1024 * 1024;

/** Data rows of a CSV text (non-empty lines after the header). */
export function countCsvRows(text: string): number {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  return Math.max(0, lines.length - 1);
}

export default function CsvImportDialog({ onClose }: { onClose: () => void }) {
  const { user: me } = useSession();
  const [importCsv, { isLoading }] = useImportUsersCsvMutation();
  const [file, setFile] = useState<{ name: string; text: string; rows: number } | null>(null);
  const [fileError, setFileError] = useState<string>('');
  const [result, setResult] = useState<CsvImportResponse | null>(null);

  async function choose(f: File | undefined) {
    setResult(null);
    setFile(null);
    setFileError('');
    if (!f) return;
    if (!/\.csv$/i.test(f.name)) return setFileError(i18n._('File only supports type of .csv'));
    if (f.size > MAX_BYTES) return setFileError(i18n._('File cannot exceed {size}KB', { size: formatNumber(MAX_BYTES / 1024) }));
    const text = await f.text();
    setFile({ name: f.name, text, rows: countCsvRows(text) });
  }

  async function upload() {
    if (!file || !me) return;
    const res = await importCsv({ userId: me._id, csv: file.text });
    if ('error' in res) {
      notify.error(errorText(res.error, i18n._('Error Adding User')));
      return;
    }
    setResult(res.data);
    if (res.data.created.length) notify.success(i18n._('Sucessfully Added User'), i18n._('{count} created', { count: formatNumber(res.data.created.length) }));
  }

  return (
    <DialogFrame title={i18n._('Import CSV')} onClose={onClose} size="lg" footer={(
      <>
        <Button variant="outline" onClick={onClose}>
          {result ? i18n._('Close') : i18n._('Cancel')}
        </Button>
        <Button colorPalette="blue" onClick={() => void upload()} disabled={!file || file.rows === 0 || !!result} loading={isLoading}>
          {i18n._('Upload')}
        </Button>
      </>
    )}>
      <Stack gap="4">
        <Text fontSize="sm">
          {withSlot((header) => i18n._('One student per line, with the header {header}.', { header }), <code>{CSV_HEADER}</code>)}{' '}
          {i18n._('Passwords need at least {min} characters.', { min: formatNumber(PASSWORD_MIN) })}{' '}
          <Link href={TEMPLATE_HREF} download="students-template.csv" colorPalette="blue" textDecoration="underline">
            {i18n._('Download template CSV')}
          </Link>
        </Text>
        <Field.Root invalid={!!fileError}>
          <Field.Label>{i18n._('CSV file')}</Field.Label>
          <Input type="file" accept=".csv,text/csv" p="1" onChange={(e) => void choose(e.target.files?.[0])} />
          <Field.ErrorText>{fileError}</Field.ErrorText>
        </Field.Root>
        {file && (
          <Text data-testid="csv-preview">
            {i18n._('{file}: {count, plural, one {{n} row} other {{n} rows}} to import', { file: file.name, count: file.rows, n: formatNumber(file.rows) })}
          </Text>
        )}
        {result && (
          <Box role="status" data-testid="csv-result">
            <Text fontWeight="semibold">
              {result.errors.length
                ? i18n._('Created {created, plural, one {{c} user} other {{c} users}}, {failed, plural, one {{f} row} other {{f} rows}} with errors', {
                  created: result.created.length, c: formatNumber(result.created.length), failed: result.errors.length, f: formatNumber(result.errors.length),
                })
                : i18n._('Created {created, plural, one {{c} user} other {{c} users}}', { created: result.created.length, c: formatNumber(result.created.length) })}
            </Text>
            {result.errors.length > 0 && (
              <ScrollX label={i18n._('Rows with errors')} mt="2">
                <Table.Root size="sm" variant="outline" aria-label={i18n._('Rows with errors')}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{i18n._('Row')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{i18n._('Email')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{i18n._('Error')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {result.errors.map((er) => (
                      <Table.Row key={`${er.row}-${er.email}`}>
                        <Table.Cell>{formatNumber(er.row)}</Table.Cell>
                        <Table.Cell>{er.email}</Table.Cell>
                        <Table.Cell>{translateServerMessage(er.error)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </ScrollX>
            )}
          </Box>
        )}
      </Stack>
    </DialogFrame>
  );
}
