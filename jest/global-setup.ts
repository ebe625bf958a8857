/** Lingui's catalogs compiled before the tests import them (the compiled locales/*.ts are not committed). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function globalSetup() {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'i18n-compile.mjs')], { stdio: 'inherit' });
}
