/**
 * Lingui's catalogs (issue 25): one per area, `<area>/locales/{en,ne}.po` beside the code that uses them. Message ids
 * are the English texts (shared-api/src/i18n.ts). `npm run i18n:extract` collects them from the code;
 * scripts/i18n-compile.mjs compiles them to `locales/{en,ne}.ts` (not committed) at build and test time.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const ignore = ['**/*.test.ts', '**/*.test.tsx', '**/__tests__/**', '**/locales/**'];
const area = (dir: string, exclude: string[] = []) => ({
  path: `<rootDir>/${dir}/locales/{locale}`,
  include: [`<rootDir>/${dir}`],
  exclude: [...ignore, ...exclude],
});

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ne'],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
  catalogs: [
    area('shared-api/src'),
    area('shared-ui/src', ['<rootDir>/shared-ui/src/back-office/**']),
    area('shared-ui/src/back-office'),
    area('shell/src'),
    area('student-app/src'),
    area('institute-app/src'),
    area('admin-app/src'),
  ],
});
