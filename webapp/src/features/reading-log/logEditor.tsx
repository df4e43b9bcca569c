// Loaded on demand by the app shell when another screen (a chapter tile) asks for the log editor.
import { closeLogEditor, type LogEntry, type LogEntryDraft } from '@/shared/reader';
import { EditEntryDialog } from './components/EditEntryDialog';
import { LogFollowUpProvider } from './components/LogFollowUp';

/** The reading log's editor for a draft or entry another screen asked for; closing or saving ends the request. */
export function LogEditor({ draft }: { draft: LogEntry | LogEntryDraft }) {
  return (
    <LogFollowUpProvider>
      <EditEntryDialog entry={draft} onClose={closeLogEditor} />
    </LogFollowUpProvider>
  );
}
