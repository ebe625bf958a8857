/**
 * A media field: checks the file with the upload rules (shared-api/uploads, the server's too), uploads it with its
 * kind and a visible progress bar, then previews it.
 */
import { useRef, useState } from 'react';
import { formatNumber, i18n, translateServerMessage, useSession } from 'shared-api';
import { acceptOf, fileProblem, uploadHint, type ExamUploadKind } from 'shared-api/uploads';
import { uploadFile } from 'shared-api/back-office';
import { Box, Button, Field, HStack, Image, Input, Progress, Stack, Text, notify } from 'shared-ui';

/**
 * The labels the question form gives its uploads, in English (the shared file check's messages name them, as the server's
 * do); the field shows them translated.
 */
export const UPLOAD_LABELS = [
  /*i18n*/ 'Main Heading', /*i18n*/ 'Description', /*i18n*/ 'Listening',
  /*i18n*/ 'Option 1', /*i18n*/ 'Option 2', /*i18n*/ 'Option 3', /*i18n*/ 'Option 4',
  /*i18n*/ 'Option 1 listening', /*i18n*/ 'Option 2 listening', /*i18n*/ 'Option 3 listening', /*i18n*/ 'Option 4 listening',
] as const;

export function UploadField(props: {
  /** in English (UPLOAD_LABELS): shown translated */
  label: string;
  /** what the file must be: the upload rules of this kind, here and on the server */
  kind: ExamUploadKind;
  examId: string;
  /** the stored media path, '' when none */
  value: string;
  onChange: (url: string) => void;
  /** form field name sent with the upload */
  name: string;
  error?: string;
  required?: boolean;
}) {
  const { user, token } = useSession();
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  async function onFile(file: File | undefined) {
    if (!file || !user || !token) return;
    const problem = fileProblem(props.kind, file, props.label);
    setFileError(problem);
    if (problem) return;
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setUploading(true);
    setProgress(0);
    try {
      const res = await uploadFile({
        examId: props.examId, userId: user._id, token, file, name: props.name, kind: props.kind, signal: ctl.signal,
        onProgress: (f) => setProgress(f),
      });
      setProgress(1);
      props.onChange(res.url);
      // One toast for a burst of uploads of a kind, not a stack of them over the form; the spec's text for an image.
      if (props.kind === 'image') notify.success(i18n._('Successfully uploaded Image'), undefined, 'media-uploaded-image');
      else notify.success(i18n._('Successfully uploaded Audio'), undefined, 'media-uploaded-audio');
    } catch (e) {
      setProgress(null);
      if (!ctl.signal.aborted) notify.error(i18n._('Error Upload File'), translateServerMessage((e as Error).message));
    } finally {
      setUploading(false);
    }
  }

  const pct = progress === null ? null : Math.round(progress * 100);
  const error = fileError ?? props.error;
  const label = i18n._(props.label);
  const hint = uploadHint(props.kind);
  return (
    <Field.Root invalid={!!error} required={props.required}>
      <Field.Label>
        {label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        type="file"
        p="1"
        accept={acceptOf(props.kind)}
        disabled={uploading}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Field.HelperText>{i18n._('{types}, max size {size}{unit}', { ...hint, size: formatNumber(hint.size) })}</Field.HelperText>
      {pct !== null && (
        <Progress.Root value={pct} size="sm" width="full" colorPalette={pct === 100 ? 'green' : 'blue'}>
          <HStack gap="2">
            <Progress.Track flex="1" aria-label={i18n._('{label} upload progress', { label })}>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText fontSize="xs">{formatNumber(pct)}%</Progress.ValueText>
          </HStack>
        </Progress.Root>
      )}
      {props.value && (
        <Stack gap="1" mt="1" data-testid={`preview-${props.name}`}>
          {props.kind === 'image' ? (
            <Image src={props.value} alt={i18n._('{label} preview', { label })} maxH="32" objectFit="contain" alignSelf="flex-start" borderWidth="1px" borderRadius="sm" />
          ) : (
            <Box asChild maxW="full">
              <audio controls preload="none" src={props.value} aria-label={i18n._('{label} preview', { label })} />
            </Box>
          )}
          <HStack gap="2">
            <Text fontSize="xs" color="fg.muted" truncate maxW="60">{props.value}</Text>
            <Button size="2xs" variant="ghost" onClick={() => { props.onChange(''); setProgress(null); }} aria-label={i18n._('Remove {label}', { label })}>
              {i18n._('Remove')}
            </Button>
          </HStack>
        </Stack>
      )}
      <Field.ErrorText>{error && translateServerMessage(error)}</Field.ErrorText>
    </Field.Root>
  );
}
