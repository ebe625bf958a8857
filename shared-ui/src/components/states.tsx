import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { i18n } from 'shared-api';

/** `label`: the caller's (translated); 'Loading…' in the interface's language by default. */
export function LoadingState({ label }: { label?: string }) {
  return (
    <Center py="10" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text color="fg.muted">{label ?? i18n._('Loading…')}</Text>
      </Stack>
    </Center>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box py="10" textAlign="center" borderWidth="1px" borderStyle="dashed" borderRadius="md" color="fg.muted">
      <Text fontWeight="medium">{title}</Text>
      {children}
    </Box>
  );
}

export function ErrorState({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  return (
    <Center py="10" role="alert">
      <Stack align="center" gap="3" maxW="md" textAlign="center">
        <Text fontWeight="bold" fontSize="lg">{title}</Text>
        {message && <Text color="fg.muted">{message}</Text>}
        {onRetry && <Button onClick={onRetry}>{i18n._('Retry')}</Button>}
      </Stack>
    </Center>
  );
}
