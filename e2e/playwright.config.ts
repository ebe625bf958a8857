import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The suite runs in two lanes, each a worker with its own server and data directory (the same build, the demo data),
 * so that the two cores work at once while every spec file still sees only the files of its own lane before it, in
 * order, as with one worker. Lane B takes the files listed here (balanced by their durations in .tmp/e2e.json); every
 * other file, and any new one, runs in lane A. Files that start servers of their own next to the suite's (transfer,
 * cross-lockfile, classroom: E2E_PORT-relative ports) stay in lane A.
 */
const LANE_B = ['authoring', 'delivery', 'exam-download', 'first-paint', 'first-use', 'foundation', 'item-analysis', 'keyboard-exam', 'language',
  'people', 'progress', 'shared-computer', 'student-exam', 'time-zones', 'walk-office', 'walk-session'];
const laneB = new RegExp(`/(${LANE_B.join('|')})\\.spec\\.ts$`);
// (PORT + 1 would collide with a neighbour's E2E_PORT when several runs share the machine)
const PORT_B = Number(process.env.E2E_PORT_B ?? PORT + 100);
const BASE_URL_B = `http://127.0.0.1:${PORT_B}`;
/** A second server with a 20-second exam, for tests that let an attempt expire (tests/student-exam.spec.ts). */
const SHORT_PORT = Number(process.env.E2E_SHORT_PORT ?? PORT + 50);
export const SHORT_URL = `http://127.0.0.1:${SHORT_PORT}`;
process.env.E2E_SHORT_URL ??= SHORT_URL;
// Servers start only when the run includes a file that needs them (a run of one spec file pays for one server).
const specArgs = process.argv.slice(2).filter((a) => /\.spec\.ts$|^tests\//.test(a));
const wants = (re: RegExp, yes: boolean) => specArgs.length === 0 || specArgs.some((a) => re.test(`/${path.basename(a)}`) === yes);
const wantShort = wants(/\/student-exam/, true);
const wantA = wants(laneB, false);
const wantB = wants(laneB, true);
/** The lanes' origins, for tests/auth.setup.ts (each demo account signs in on every lane's server). */
process.env.E2E_LANE_URLS ??= [wantA && BASE_URL, wantB && BASE_URL_B].filter(Boolean).join(' ');
/**
 * Renditions of the demo media, shared by every server of the run and the deployments specs start (support/deployment.ts
 * passes the environment on): made once (npm test fills it first: server/src/renditions/warm.ts), not by each server.
 */
const RENDITION_CACHE_DIR = (process.env.RENDITION_CACHE_DIR ??= path.resolve(__dirname, '..', '.tmp', 'rendition-cache'));
const transferAllow = process.env.E2E_TRANSFER_ALLOW ?? `127.0.0.1:${process.env.E2E_SECOND_PORT ?? PORT + 201}`;

/** The production build served as `npm start` would, on a fresh embedded database with the demo data. */
const mainServer = (port: number) => ({
  command: 'node ../scripts/start.mjs',
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  // the servers run in the students' zones (neither UTC): their days come from the users' zones, never the process's
  env: { TZ: 'Asia/Kathmandu', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-')),
    EXAM_DURATION_SECONDS: process.env.E2E_EXAM_SECONDS ?? '3000', TRANSFER_ALLOW_HOSTS: transferAllow, RENDITION_CACHE_DIR },
});

/** The production build served as `npm start` would, on a fresh embedded database with the demo data. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
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
    { name: 'chromium', testIgnore: laneB, dependencies: ['setup'], workers: 1 },
    { name: 'chromium-b', testMatch: laneB, dependencies: ['setup'], workers: 1, use: { baseURL: BASE_URL_B } },
  ],
  webServer: [
    ...(wantA ? [mainServer(PORT)] : []),
    ...(wantB ? [mainServer(PORT_B)] : []),
    ...(wantShort ? [{
      command: 'node ../scripts/start.mjs',
      url: `${SHORT_URL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe' as const,
      env: {
        TZ: 'Asia/Seoul', PORT: String(SHORT_PORT), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'eps-e2e-short-')),
        EXAM_DURATION_SECONDS: '20', EXAM_SWEEP_SECONDS: '2', EXAM_GRACE_SECONDS: '2', RENDITION_CACHE_DIR,
      },
    }] : []),
  ],
});
