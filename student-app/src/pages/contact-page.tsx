/** /student/contact: how to get enrolled, help during an exam, or access to private exams (spec section 2). */
import { i18n, useContactInfo, useSession } from 'shared-api';
import { Box, Link, List, PageHeader, Stack, Text } from 'shared-ui';

export function ContactPage() {
  const { institute } = useSession();
  const contact = useContactInfo();
  return (
    <Stack gap="4" maxW="3xl">
      <PageHeader title={i18n._('How to Contact?')} />
      <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
        <List.Root gap="3" ps="5">
          <List.Item>{i18n._('Connect to a stable internet connection before you start an exam.')}</List.Item>
          <List.Item>
            {i18n._('To get enrolled, contact your institute or call the support number given on the login page; they will create your account and add you to their students.')}
          </List.Item>
          <List.Item>{i18n._('If you need help during an exam, contact your institute or call the support number.')}</List.Item>
          <List.Item>
            {i18n._('To get access to private exams, ask your institute (or call the support number) to give you exam access.')}
          </List.Item>
        </List.Root>
      </Box>
      <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} aria-label={i18n._('Support')}>
        <Text fontWeight="semibold">
          {i18n._('Support number:')}{' '}
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
        <Box borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} aria-label={i18n._('Your institute')}>
          <Text fontWeight="semibold">{i18n._('Your institute: {name}', { name: institute.name })}</Text>
          {institute.phone && <Text>{i18n._('Phone: {phone}', { phone: institute.phone })}</Text>}
          {institute.email && <Text>{i18n._('Email: {email}', { email: institute.email })}</Text>}
          {institute.address && <Text>{i18n._('Address: {address}', { address: institute.address })}</Text>}
        </Box>
      )}
    </Stack>
  );
}
