/**
 * The language picker (issue 25): on the login page (also in the page prerendered at build time, where index.html's
 * script handles a change before the app runs) and the Profile page. A native select: one tap on a phone, the
 * keyboard's own, no overlay code in the first render. Each language is named in itself.
 */
import type { ChangeEvent } from 'react';
import { LANGUAGES, i18n, isLanguage, type Language } from 'shared-api';
import { chakra, HStack } from '@chakra-ui/react';

export interface LanguageSelectProps {
  value: Language;
  onChange?: (language: Language) => void;
  disabled?: boolean;
}

export function LanguageSelect({ value, onChange, disabled }: LanguageSelectProps) {
  const change = (e: ChangeEvent<HTMLSelectElement>) => {
    if (isLanguage(e.target.value)) onChange?.(e.target.value);
  };
  return (
    <HStack gap="2" fontSize="sm">
      <chakra.label htmlFor="language-select" color="fg.muted">{i18n._('Language')}</chakra.label>
      <chakra.select
        id="language-select" name="language" data-language-select="" value={value} onChange={change} disabled={disabled}
        minH="9" px="2" borderWidth="1px" borderColor="border" borderRadius="md" bg="bg" color="fg" fontSize="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' }}
        colorPalette="blue"
      >
        {LANGUAGES.map((l) => <option key={l.value} value={l.value} lang={l.value}>{l.label}</option>)}
      </chakra.select>
    </HStack>
  );
}
