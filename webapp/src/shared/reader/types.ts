import type { Schemas } from '@/shared/api';

/** A logged passage, as GET /api/log-entries returns it; date is the reader's local YYYY-MM-DD. */
export type LogEntry = Schemas['LogEntry'];

/** What a new or changed entry sends. */
export type LogEntryDraft = Schemas['LogEntryDraft'];

/** The reader's settings, as GET /api/settings returns them. */
export type ReaderSettings = Schemas['Settings'];

/** A settings change: only the values that are set are applied. */
export type ReaderSettingsPatch = Schemas['SettingsPatch'];
