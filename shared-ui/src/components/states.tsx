import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="10" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text color="fg.muted">{label}</Text>
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
        {onRetry && <Button onClick={onRetry}>Retry</Button>}
      </Stack>
    </Center>
  );
}
