/** A logged passage, as GET /api/log-entries returns it. */
export interface LogEntry {
  id: string;
  /** The reader's local date, YYYY-MM-DD. */
  date: string;
  startVerseId: number;
  endVerseId: number;
  createdAt: string;
  updatedAt: string;
}

/** What a new or changed entry sends. */
export interface LogEntryDraft {
  date: string;
  startVerseId: number;
  endVerseId: number;
}

/** The reader's settings, as GET /api/settings returns them. */
export interface ReaderSettings {
  /** Entries dated before it do not count toward progress (YYYY-MM-DD). */
  lookBackDate: string;
  /** 1 to 1,111 verses. */
  dailyVerseCountGoal: number;
  /** A version code such as NASB2020. */
  preferredBibleVersion: string;
  /** An app id saved for other devices ('' when none); the browser's own choice wins. */
  preferredBibleApp: string;
  locale: string;
  /** IANA time zone; the reader's "today" is computed in it. */
  timeZone: string;
  /** 0 to 6 days per Monday-Sunday week without reading that keep a streak alive. */
  restDaysPerWeek: number;
}

/** A settings change: only the values that are set are applied. */
export type ReaderSettingsPatch = Partial<ReaderSettings>;
