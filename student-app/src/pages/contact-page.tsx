/** /student/contact: how to get enrolled, help during an exam, or access to private exams (spec section 2). */
import { useContactInfo, useSession } from 'shared-api';
import { Box, Link, List, PageHeader, Stack, Text } from 'shared-ui';

export function ContactPage() {
  const { institute } = useSession();
  const contact = useContactInfo();
  return (
    <Stack gap="4" maxW="3xl">
      <PageHeader title="How to Contact?" />
      <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
        <List.Root gap="3" ps="5">
          <List.Item>Connect to a stable internet connection before you start an exam.</List.Item>
          <List.Item>
            To get enrolled, contact your institute or call the support number given on the login page; they will create
            your account and add you to their students.
          </List.Item>
          <List.Item>If you need help during an exam, contact your institute or call the support number.</List.Item>
          <List.Item>
            To get access to private exams, ask your institute (or call the support number) to give you exam access.
          </List.Item>
        </List.Root>
      </Box>
      <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} aria-label="Support">
        <Text fontWeight="semibold">
          Support number:{' '}
          {contact?.phone ? (
            <Link href={`tel:${contact.phone}`} variant="underline" colorPalette="blue">
              {contact.phone}
            </Link>
          ) : (
            '…'
          )}
        </Text>
      </Box>
      {institute && (
        <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} aria-label="Your institute">
          <Text fontWeight="semibold">Your institute: {institute.name}</Text>
          {institute.phone && <Text>Phone: {institute.phone}</Text>}
          {institute.email && <Text>Email: {institute.email}</Text>}
          {institute.address && <Text>Address: {institute.address}</Text>}
        </Box>
      )}
    </Stack>
  );
}
