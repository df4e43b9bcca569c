// When the last one-time code was sent to an address, so the resend button can show its
// cooldown across page loads. Kept in session storage, which signing out clears.

const PREFIX = 'lamplight:code-sent:';
export const RESEND_COOLDOWN_SECONDS = 300;

function key(purpose: 'verify' | 'email-change', email: string): string {
  return `${PREFIX}${purpose}:${email.trim().toLowerCase()}`;
}

export function markCodeSent(purpose: 'verify' | 'email-change', email: string, now: number = Date.now()): void {
  try {
    sessionStorage.setItem(key(purpose, email), String(now));
  } catch {
    // Without storage the cooldown is simply not shown after a reload.
  }
}

/** Seconds until another code may be asked for (0 when it may be asked for now). */
export function cooldownLeft(
  purpose: 'verify' | 'email-change',
  email: string,
  now: number = Date.now(),
  cooldownSeconds: number = RESEND_COOLDOWN_SECONDS,
): number {
  let sentAt: number;
  try {
    sentAt = Number(sessionStorage.getItem(key(purpose, email))) || 0;
  } catch {
    return 0;
  }
  if (!sentAt) return 0;
  return Math.max(0, Math.ceil((sentAt + cooldownSeconds * 1000 - now) / 1000));
}

/** "4:05" */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
