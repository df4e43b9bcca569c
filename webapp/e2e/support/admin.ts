// Admins for browser tests: the binary's own command gives an account the admin flag, as an
// operator would. The account signs in afresh afterwards, so its session carries the flag.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const run = promisify(execFile);

/** `lamplight admin grant EMAIL` against the test server's data directory. */
export async function grantAdmin(email: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, LAMPLIGHT_DATA_DIR: inject('dataDir'), LAMPLIGHT_LOG_FORMAT: 'json' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  await run(inject('binary'), ['admin', 'grant', email], { env, timeout: 30_000 });
}
