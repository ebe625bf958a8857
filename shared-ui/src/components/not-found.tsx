import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { MSG, i18n, localDigits } from 'shared-api';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Center minH="70vh" p="6">
      <Stack align="center" gap="4" textAlign="center">
        <Heading size="4xl">{localDigits(404)}</Heading>
        <Text fontSize="lg">{MSG.notFoundTitle}</Text>
        <Text color="fg.muted">{i18n._('The page you are looking for does not exist.')}</Text>
        <Button onClick={() => navigate('/')}>{i18n._('Goto Home')}</Button>
      </Stack>
    </Center>
  );
}
