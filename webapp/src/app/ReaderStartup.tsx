import { useAuth } from '@/shared/auth';
import { useReaderStartup } from '@/shared/reader';

/** A signed-in reader's log and settings load at start, so every reader screen finds them. */
export function ReaderStartup() {
  const { status } = useAuth();
  useReaderStartup(status === 'signedIn');
  return null;
}
