import { useAuth, useSigningOut } from '@/shared/auth';
import { useReaderStartup } from '@/shared/reader';

/**
 * A signed-in reader's log and settings load at start, so every reader screen finds them.
 * Not while Log Out is under way: the cache is being emptied then.
 */
export function ReaderStartup() {
  const { status } = useAuth();
  const signingOut = useSigningOut();
  useReaderStartup(status === 'signedIn' && !signingOut);
  return null;
}
