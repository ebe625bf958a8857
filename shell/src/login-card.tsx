import type { ComponentProps, FormEventHandler, Ref } from 'react';
import type { Language } from 'shared-api';
import { Box, Button, Center, Flex, Heading, i18n, LanguageSelect, Link, Stack, Text, TextField } from 'shared-ui';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'>;

export interface LoginCardProps {
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** the inputs' value, handlers and message (none in the page prerendered at build time) */
  email?: FieldProps;
  password?: FieldProps;
  submitting?: boolean;
  /** the academy's contact details (remotes.json); null until known */
  contact: { phone: string; social: string } | null;
  /** what stands for the phone number until it is known */
  phonePlaceholder?: string;
  /** the interface's language and its change (none in the prerendered page: index.html's script handles it) */
  language?: Language;
  onLanguage?: (language: Language) => void;
}

/**
 * The login page's look: the card, its form and the contact details. The login page renders it, and the build
 * renders it to index.html's prerendered login page (./prerender.tsx), which paints before any JavaScript: the same
 * component and the same CSS, so the same boxes when React replaces it. It is a real form (method="post": were the
 * page's script ever not to run, the browser's own submission would put no password in a URL) with the inputs a
 * password manager fills. index.html's script fills the contact details ([data-contact]) into the prerendered page.
 */
export function LoginCard({ formRef, onSubmit, email, password, submitting = false, contact, phonePlaceholder = '…', language = 'en', onLanguage }: LoginCardProps) {
  const phone = contact?.phone ?? phonePlaceholder;
  return (
    <Center minH="100dvh" p="4" bg="bg.subtle">
      <Box w="full" maxW="sm" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: 5, md: 8 }} shadow="sm">
        <Flex justify="flex-end" mb="3"><LanguageSelect value={language} onChange={onLanguage} /></Flex>
        <form ref={formRef} onSubmit={onSubmit} method="post" noValidate>
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h1" size="xl">{i18n._('EPS-TOPIK Mock Exam')}</Heading>
            <Text color="fg.muted" fontSize="sm">{i18n._('Sign in to continue')}</Text>
          </Stack>
          <TextField label={i18n._('Email')} name="email" type="email" autoComplete="username" inputMode="email" {...email} />
          <TextField label={i18n._('Password')} name="password" type="password" autoComplete="current-password" {...password} />
          <Button type="submit" colorPalette="blue" loading={submitting}>
            {i18n._('Login')}
          </Button>
          <Stack gap="1" fontSize="sm" borderTopWidth="1px" pt="4" data-testid="contact-info">
            <Text>
              {i18n._('Contact:')} <Link variant="underline" colorPalette="blue" href={`tel:${contact?.phone ?? ''}`} data-contact="phone">{phone}</Link>
            </Text>
            <Text>
              {i18n._('Follow us:')} <Link variant="underline" colorPalette="blue" href={contact?.social ?? '#'} target="_blank" rel="noopener noreferrer" data-contact="social">Facebook</Link>
            </Text>
            <Text lang="ne" color="fg.muted">
              पहिलो पटक प्रयोग गर्दै हुनुहुन्छ? प्रयोगकर्ता नाम (username) र पासवर्ड पाउन कृपया <span data-contact="phone">{phone}</span> मा फोन गर्नुहोस्।
            </Text>
          </Stack>
        </Stack>
        </form>
      </Box>
    </Center>
  );
}
