import { defineConfig, devices } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:8090';
const port = new URL(baseURL).port || '80';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer:
    process.env.E2E_START === '1'
      ? {
          command: 'bash ../scripts/run.sh',
          // sim's courier moves an order only when a test asks it to (POST /shiprocket/control/advance).
          // The suite signs up more shoppers than one address may in ten minutes: its API
          // sign-ups say which (made-up) address they come from, which the stack trusts.
          env: { PORT: port, SIM_SHIPROCKET_STEP: 'off', TRUSTED_PROXIES: '127.0.0.1' },
          url: `${baseURL}/readyz`,
          timeout: 240_000,
          reuseExistingServer: false,
          stdout: 'pipe',
          stderr: 'pipe',
        }
      : undefined,
});
