/**
 * Browser tests in Debian's Chromium (never a downloaded browser) against the built app, served
 * by the real API on a free port with a fresh PGlite data directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Chosen once in the main process; workers inherit the environment.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-e2e-'));
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // Each shard run-e2e.mjs starts keeps its traces apart: Playwright empties its output folder on start.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Two shards share two cores (run-e2e.mjs): a step that takes 15 s alone can take twice that.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./support/spec-seconds-reporter.ts']],
  use: {
    baseURL,
    // A failed journey keeps its DOM snapshots and network log; screenshots of every step cost a
    // sixth of the suite's time on two cores and tell little the snapshots do not.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../apps/api/dist/server.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A first start migrates a fresh folder; on a busy 2-core machine that has taken over a minute.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // The first staff account (support/staff.ts signs in with it); mail goes to DATA_DIR/outbox.
      ADMIN_EMAIL: 'admin@registrar.test',
      ADMIN_PASSWORD: 'E2e-Admin-Passw0rd',
      PUBLIC_URL: baseURL,
      // The student's page shows UPI codes for open installments when a UPI ID is configured.
      UPI_ID: 'registrar@okbank',
      UPI_PAYEE_NAME: 'Registrar Training Institute',
      // Students pay online through the built-in simulator (it moves no money and refuses https).
      PAYMENT_GATEWAY: 'simulator',
      // Every journey enrols from 127.0.0.1; the public form's per-connection limit (20 an hour)
      // would refuse the suite's later journeys. The limit itself is attacked in the API tests.
      INTAKE_LIMIT_PER_IP: '1000',
      // Each journey's colleagues set their passwords from 127.0.0.1 too.
      RESET_LIMIT_PER_IP: '1000',
    },
  },
});
