import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MSG, i18n, localDigits } from 'shared-api';

/** Unknown paths: the spec's not-found page, with its Goto Home link (a link: it goes somewhere, opens in a new tab). */
export function NotFoundPage() {
  return (
    <Center minH="70vh" p="6">
      <Stack align="center" gap="4" textAlign="center">
        <Heading size="4xl">{localDigits(404)}</Heading>
        <Text fontSize="lg">{MSG.notFoundTitle}</Text>
        <Text color="fg.muted">{i18n._('The page you are looking for does not exist.')}</Text>
        <Button asChild>
          <RouterLink to="/">{i18n._('Goto Home')}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
