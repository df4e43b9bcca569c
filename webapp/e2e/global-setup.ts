// Starts the real Lamplight binary (which embeds the built web app) on a free loopback port
// with a fresh data directory, waits for /healthz, and hands the base URL to the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's stdout and stderr (JSON lines); support/mail.ts reads the mail "sent" there. */
    serverLogs: string[];
    /** The binary and its data directory, for its commands (support/admin.ts). */
    binary: string;
    dataDir: string;
  }
}

const webappDir = resolve(new URL('..', import.meta.url).pathname);
const HEALTH_TIMEOUT_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`lamplight exited with code ${child.exitCode} before it was healthy:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`lamplight was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const binary = resolve(webappDir, process.env.LAMPLIGHT_BIN ?? '../bin/lamplight');
  if (!existsSync(binary)) {
    throw new Error(`No server binary at ${binary}. Build it first (npm run build, then the Go build), or set LAMPLIGHT_BIN.`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'lamplight-e2e-'));
  const addr = `127.0.0.1:${port}`;
  const baseURL = `http://${addr}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LAMPLIGHT_ADDR: addr,
    LAMPLIGHT_DATA_DIR: dataDir,
    // One JSON object per line, so tests can read the mail the server writes to its log.
    LAMPLIGHT_LOG_FORMAT: 'json',
    // Every test signs up and in from 127.0.0.1: keep the per-IP sign-in limits out of the way.
    LAMPLIGHT_RATE_LIMIT_SCALE: process.env.LAMPLIGHT_RATE_LIMIT_SCALE ?? '100',
    // Reminders due in a test go out within seconds.
    LAMPLIGHT_REMINDER_INTERVAL: '2s',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;

  let log = '';
  // Each stream to its own file, so lines never interleave.
  const serverLogs = [join(dataDir, 'server.stdout.log'), join(dataDir, 'server.stderr.log')];
  const [outFile, errFile] = serverLogs.map((file) => createWriteStream(file));
  const child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (file: NodeJS.WritableStream) => (chunk: Buffer) => {
    file.write(chunk);
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect(outFile!));
  child.stderr?.on('data', collect(errFile!));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await Promise.all([outFile!, errFile!].map((file) => new Promise((r) => file.end(r))));
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('serverLogs', serverLogs);
  project.provide('binary', binary);
  project.provide('dataDir', dataDir);
  process.env.LAMPLIGHT_E2E_BASE_URL = baseURL;

  return async () => {
    await stop();
    if (process.env.LAMPLIGHT_E2E_SERVER_LOG) console.log(log);
  };
}
