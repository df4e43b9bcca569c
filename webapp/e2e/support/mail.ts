// The embedded server "sends" mail by writing one JSON log line per message:
// {"msg":"mail sent","to":"...","subject":"...","text":"..."}. These helpers find them.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  time: string;
}

async function readMails(): Promise<SentMail[]> {
  const mails: SentMail[] = [];
  for (const file of inject('serverLogs')) {
    let content: string;
    try {
      content = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of content.split('\n')) {
      if (!line.includes('"mail sent"')) continue;
      try {
        const record = JSON.parse(line) as Record<string, unknown>;
        if (record.msg !== 'mail sent') continue;
        mails.push({
          to: String(record.to ?? ''),
          subject: String(record.subject ?? ''),
          text: String(record.text ?? ''),
          time: String(record.time ?? ''),
        });
      } catch {
        // A line still being written.
      }
    }
  }
  return mails;
}

/**
 * Waits for the `nth` (0-based, default: the first) mail to `to` whose subject or text matches,
 * and returns it. Mail leaves through a queue, so it can take a moment.
 */
export async function waitForMail(
  to: string,
  { matching, nth = 0, timeoutMs = 15_000 }: { matching?: RegExp; nth?: number; timeoutMs?: number } = {},
): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMails()).filter(
      (mail) => mail.to.toLowerCase() === to.toLowerCase() && (!matching || matching.test(mail.subject) || matching.test(mail.text)),
    );
    if (found.length > nth) return found[nth]!;
    if (Date.now() > deadline) {
      throw new Error(`no mail #${nth + 1} to ${to}${matching ? ` matching ${matching}` : ''} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** How many mails to `to` were logged so far. */
export async function mailCount(to: string): Promise<number> {
  return (await readMails()).filter((mail) => mail.to.toLowerCase() === to.toLowerCase()).length;
}

/** The 6-digit code of a verification (or email change) mail. */
export function codeFrom(mail: SentMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}":\n${mail.text}`);
  return code;
}

/** The first link in a mail whose path ends with `path` ("/reset-password"), as a path + query. */
export function linkFrom(mail: SentMail, path: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.endsWith(path)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
}
