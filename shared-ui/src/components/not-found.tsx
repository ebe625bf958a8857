import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Center minH="70vh" p="6">
      <Stack align="center" gap="4" textAlign="center">
        <Heading size="4xl">404</Heading>
        <Text fontSize="lg">Page Not Found</Text>
        <Text color="fg.muted">The page you are looking for does not exist.</Text>
        <Button onClick={() => navigate('/')}>Goto Home</Button>
      </Stack>
    </Center>
  );
}
