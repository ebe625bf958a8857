import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-'));
/** A second server with a 20-second exam, for tests that let an attempt expire (tests/student-exam.spec.ts). */
// (PORT + 1 would collide with a neighbour's E2E_PORT when several runs share the machine)
const SHORT_PORT = Number(process.env.E2E_SHORT_PORT ?? PORT + 50);
export const SHORT_URL = `http://127.0.0.1:${SHORT_PORT}`;
process.env.E2E_SHORT_URL ??= SHORT_URL;
// Started only when the run includes that spec (a run of other spec files does not pay for a second server).
const specArgs = process.argv.slice(2).filter((a) => /\.spec\.ts$|^tests\//.test(a));
const wantShort = specArgs.length === 0 || specArgs.some((a) => a.includes('student-exam'));

/** The production build served as `npm start` would, on a fresh embedded database with the demo data. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.tmp/e2e.json' }]],
  use: {
    baseURL: BASE_URL,
    // a student's phone in Nepal (time-zones.spec.ts also runs the browser in Asia/Seoul)
    timezoneId: 'Asia/Kathmandu',
    trace: 'retain-on-failure',
    // The service worker is tested on its own (delivery.spec.ts); elsewhere it would only blur what page.route sees.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // Each demo account signs in once (tests/auth.setup.ts) and the tests reuse its storage state.
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['setup'] },
  ],
  webServer: [{
    command: 'node ../scripts/start.mjs',
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // the servers run in the students' zones (neither UTC): their days come from the users' zones, never the process's
    env: { TZ: 'Asia/Kathmandu', PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, EXAM_DURATION_SECONDS: process.env.E2E_EXAM_SECONDS ?? '3000',
      TRANSFER_ALLOW_HOSTS: process.env.E2E_TRANSFER_ALLOW ?? `127.0.0.1:${process.env.E2E_SECOND_PORT ?? PORT + 201}` },
  }, ...(wantShort ? [{
    command: 'node ../scripts/start.mjs',
    url: `${SHORT_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      TZ: 'Asia/Seoul', PORT: String(SHORT_PORT), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-short-')),
      EXAM_DURATION_SECONDS: '20', EXAM_SWEEP_SECONDS: '2', EXAM_GRACE_SECONDS: '2',
    },
  }] : [])],
});
