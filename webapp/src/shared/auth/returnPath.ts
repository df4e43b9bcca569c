// Where to go after signing in. Only a local app path is followed: letters, digits, @ - % _ ~
// and slashes, with an optional query and hash. Anything else (another origin "//evil.example",
// a backslash "/\evil", "javascript:", an absolute URL, control characters) is ignored.

const MAX_LENGTH = 512;
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9@\-%_~/]*(?:\?[^#\s]*)?(?:#\S*)?$/;

/** The path if it is a safe local path, otherwise null. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  // "//host" and "/\host" leave the site; the pattern rejects them too, this states it plainly.
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and non-ASCII never belong in a link this app builds.
  if (/[^\x21-\x7e]/.test(value)) return null;
  return SAFE_PATH.test(value) ? value : null;
}

/** Where a signed-in reader lands when no (safe) page was asked for. */
export const HOME_SIGNED_IN = '/today';

/** The page to go to after signing in: the safe return path, else /today. */
export function returnPathOrHome(value: string | null | undefined): string {
  return safeReturnPath(value) ?? HOME_SIGNED_IN;
}

export const RETURN_TO_PARAM = 'returnTo';

/**
 * Adds ?returnTo= to an app path ("/login") when the return path is safe. Paths are app paths
 * without a locale prefix; the locale is added when navigating.
 */
export function withReturnTo(path: string, returnTo: string | null | undefined, extra?: Record<string, string>): string {
  const params = new URLSearchParams(extra);
  const safe = safeReturnPath(returnTo);
  if (safe && safe !== HOME_SIGNED_IN) params.set(RETURN_TO_PARAM, safe);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
