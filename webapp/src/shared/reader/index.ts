// The signed-in reader's log and settings, shared by every reader screen: RTK Query endpoints,
// the preferred Bible app (browser first, then the account) and the reader's "today".
export {
  LOG_WRITE_TAGS,
  readerApi,
  useAddLogEntriesMutation,
  useAddLogEntryMutation,
  useDeleteLogEntryMutation,
  useGetLogQuery,
  useGetReaderSettingsQuery,
  useUpdateLogEntryMutation,
  useUpdateReaderSettingsMutation,
  useUpdateReaderThemeMutation,
} from './api';
export {
  BIBLE_APP_STORAGE_KEY,
  knownBibleApp,
  platformDefaultBibleApp,
  readBrowserBibleApp,
  resolveBibleApp,
  useBrowserBibleApp,
  writeBrowserBibleApp,
} from './bibleApp';
export { useBibleLinks, type BibleLinks } from './bibleLinks';
export { FreshStartButton, FreshStartCard } from './FreshStart';
export { usePreferredBibleApp, useReaderStartup } from './hooks';
export { closeLogEditor, openLogEditor, useLogEditorRequest } from './logEditor';
export { clearOpened, markReturned, rememberOpened, useOpenedOffer, type Opening } from './opened';
export { dateInTimeZone, useReaderToday } from './today';
export type { ReaderLog } from './log';
export type { LogEntry, LogEntryDraft, ReaderSettings, ReaderSettingsPatch } from './types';
