// Time to first render of /today offline in Chromium: a reader signs up, opens /today once online
// (the service worker installs and precaches), then for each run the browser starts afresh on the
// same profile with the network off and opens /today. Reported from navigation start: first
// contentful paint, and when the Today heading shows. The server runs on SQLite in a temporary
// directory; it is only reached for the online visit.
//
//   make build && node bench/offline-today/measure.mjs [--bin bin/lamplight] [--runs 7] [--online]
//
// --online keeps the network on for the runs (same profile, worker installed), for comparison.
// Chromium is Debian's (scripts/ensure-chromium.sh). docs/BENCHMARKS.md ("Offline") holds the figures.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = resolve(new URL('../..', import.meta.url).pathname);
const { chromium } = createRequire(join(root, 'webapp/package.json'))('playwright-core');

const { values: opts } = parseArgs({
  options: {
    bin: { type: 'string', default: 'bin/lamplight' },
    runs: { type: 'string', default: '7' },
    online: { type: 'boolean', default: false },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function startServer(dir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(dir, 'server.log'));
  const child = spawn(resolve(root, opts.bin), ['serve'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LAMPLIGHT_ADDR: `127.0.0.1:${port}`,
      LAMPLIGHT_DATA_DIR: join(dir, 'data'),
      LAMPLIGHT_LOG_LEVEL: 'warn',
      LAMPLIGHT_REQUIRE_EMAIL_VERIFICATION: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited; see ${join(dir, 'server.log')}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server not ready');
}

// When the Today heading first shows, in ms from navigation start.
function watchHeading() {
  new MutationObserver((_, observer) => {
    if (document.querySelector('main h1')?.textContent === 'Today') {
      window.__heading = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dir = mkdtempSync(join(tmpdir(), 'lamplight-offline-'));
const profile = join(dir, 'profile');
const { base, child } = await startServer(dir);
try {
  const launch = () => chromium.launchPersistentContext(profile, { executablePath: opts.chromium, headless: true, args: ARGS, baseURL: base, locale: 'en-US', viewport: { width: 1280, height: 800 } });

  // The one online visit: sign up (the session cookie), open /today, wait for the worker.
  let context = await launch();
  let page = context.pages()[0] ?? (await context.newPage());
  const account = { email: `offline-${Date.now()}@bench.example`, password: 'correct horse battery', locale: 'en', timeZone: 'Europe/Berlin' };
  const registered = await page.request.post('/api/auth/register', { data: account, headers: { Origin: base } });
  if (!registered.ok()) throw new Error(`register: ${registered.status()} ${await registered.text()}`);
  const signedIn = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: { Origin: base } });
  if (!signedIn.ok()) throw new Error(`login: ${signedIn.status()} ${await signedIn.text()}`);
  await page.goto('/today');
  await page.getByRole('heading', { level: 1, name: 'Today' }).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await context.close();

  const fcp = [];
  const heading = [];
  for (let run = 0; run < Number(opts.runs); run++) {
    context = await launch();
    if (!opts.online) await context.setOffline(true);
    await context.addInitScript(watchHeading);
    page = context.pages()[0] ?? (await context.newPage());
    const response = await page.goto('/today');
    if (!response?.fromServiceWorker()) throw new Error('/today did not come from the service worker');
    await page.waitForFunction(() => window.__heading !== undefined, null, { timeout: 60_000 });
    const marks = await page.evaluate(() => ({
      heading: window.__heading,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    }));
    fcp.push(marks.fcp);
    heading.push(marks.heading);
    console.log(`run ${run + 1}: first contentful paint ${marks.fcp.toFixed(0)} ms, Today heading ${marks.heading.toFixed(0)} ms`);
    await context.close();
  }
  console.log(`${opts.online ? 'online' : 'offline'}, median of ${fcp.length}: first contentful paint ${median(fcp).toFixed(0)} ms, Today heading ${median(heading).toFixed(0)} ms`);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
