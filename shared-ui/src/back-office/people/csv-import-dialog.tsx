/** Import CSV: students from a file with the header email,firstname,lastname,phone,password; per-row errors shown. */
import { Box, Button, Dialog, Field, Input, Link, Portal, ScrollX, Stack, Table, Text, notify } from 'shared-ui';
import { useState } from 'react';
import { errorText, useSession } from 'shared-api';
import { useImportUsersCsvMutation, type CsvImportResponse } from 'shared-api/back-office';

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
    if (!/\.csv$/i.test(f.name)) return setFileError('File only supports type of .csv');
    if (f.size > MAX_BYTES) return setFileError(`File cannot exceed ${MAX_BYTES / 1024}KB`);
    const text = await f.text();
    setFile({ name: f.name, text, rows: countCsvRows(text) });
  }

  async function upload() {
    if (!file || !me) return;
    const res = await importCsv({ userId: me._id, csv: file.text });
    if ('error' in res) {
      notify.error(errorText(res.error, 'Error Adding User'));
      return;
    }
    setResult(res.data);
    if (res.data.created.length) notify.success('Sucessfully Added User', `${res.data.created.length} created`);
  }

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Import CSV</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm">
                  One student per line, with the header <code>{CSV_HEADER}</code>. Passwords need at least 8 characters.{' '}
                  <Link href={TEMPLATE_HREF} download="students-template.csv" colorPalette="blue" textDecoration="underline">
                    Download template CSV
                  </Link>
                </Text>
                <Field.Root invalid={!!fileError}>
                  <Field.Label>CSV file</Field.Label>
                  <Input type="file" accept=".csv,text/csv" p="1" onChange={(e) => void choose(e.target.files?.[0])} />
                  <Field.ErrorText>{fileError}</Field.ErrorText>
                </Field.Root>
                {file && (
                  <Text data-testid="csv-preview">
                    {file.name}: {file.rows} {file.rows === 1 ? 'row' : 'rows'} to import
                  </Text>
                )}
                {result && (
                  <Box role="status" data-testid="csv-result">
                    <Text fontWeight="semibold">
                      Created {result.created.length} {result.created.length === 1 ? 'user' : 'users'}
                      {result.errors.length ? `, ${result.errors.length} ${result.errors.length === 1 ? 'row' : 'rows'} with errors` : ''}
                    </Text>
                    {result.errors.length > 0 && (
                      <ScrollX label="Rows with errors" mt="2">
                        <Table.Root size="sm" variant="outline" aria-label="Rows with errors">
                          <Table.Header>
                            <Table.Row>
                              <Table.ColumnHeader>Row</Table.ColumnHeader>
                              <Table.ColumnHeader>Email</Table.ColumnHeader>
                              <Table.ColumnHeader>Error</Table.ColumnHeader>
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {result.errors.map((er) => (
                              <Table.Row key={`${er.row}-${er.email}`}>
                                <Table.Cell>{er.row}</Table.Cell>
                                <Table.Cell>{er.email}</Table.Cell>
                                <Table.Cell>{er.error}</Table.Cell>
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      </ScrollX>
                    )}
                  </Box>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {result ? 'Close' : 'Cancel'}
              </Button>
              <Button colorPalette="blue" onClick={() => void upload()} disabled={!file || file.rows === 0 || !!result} loading={isLoading}>
                Upload
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
