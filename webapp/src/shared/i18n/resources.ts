// Translations come in namespaces, one JSON file per locale: locales/<lng>/<namespace>.json.
//
// - Eager namespaces are needed on every page: English is bundled with the app, the other
//   locales load with the locale (see i18n.ts).
// - Lazy namespaces belong to the pages of one feature and load with those pages' routes
//   (`lazyRoute(..., { namespaces: ['identity'] })`), in English too, so they stay out of the
//   JavaScript every page loads.
//
// A feature adds its namespace to LazyResources and LAZY_NAMESPACES below and a file per locale.
// Keys are type-checked either way.
import type admin from './locales/en/admin.json';
import common from './locales/en/common.json';
import type content from './locales/en/content.json';
import type dataExport from './locales/en/export.json';
import type feedback from './locales/en/feedback.json';
import type feedbackAdmin from './locales/en/feedbackAdmin.json';
import home from './locales/en/home.json';
import type identity from './locales/en/identity.json';
import type dataImport from './locales/en/import.json';
import type insights from './locales/en/insights.json';
import type notes from './locales/en/notes.json';
import type passagePicker from './locales/en/passagePicker.json';
import type placeholder from './locales/en/placeholder.json';
import type progress from './locales/en/progress.json';
import type pwa from './locales/en/pwa.json';
import type readingLog from './locales/en/readingLog.json';
import type reminders from './locales/en/reminders.json';
import type resources from './locales/en/resources.json';
import type tags from './locales/en/tags.json';

export const enResources = { common, home } as const;

export interface LazyResources {
  admin: typeof admin;
  content: typeof content;
  export: typeof dataExport;
  feedback: typeof feedback;
  feedbackAdmin: typeof feedbackAdmin;
  identity: typeof identity;
  import: typeof dataImport;
  insights: typeof insights;
  notes: typeof notes;
  passagePicker: typeof passagePicker;
  placeholder: typeof placeholder;
  progress: typeof progress;
  pwa: typeof pwa;
  readingLog: typeof readingLog;
  reminders: typeof reminders;
  resources: typeof resources;
  tags: typeof tags;
}

/** Every namespace's English resources, for typing t(). */
export type Resources = typeof enResources & LazyResources;

export type Namespace = keyof Resources;
export type LazyNamespace = keyof LazyResources;

export const EAGER_NAMESPACES = Object.keys(enResources) as Namespace[];
export const LAZY_NAMESPACES = ['admin', 'content', 'export', 'feedback', 'feedbackAdmin', 'identity', 'import', 'insights', 'notes', 'passagePicker', 'placeholder', 'progress', 'pwa', 'readingLog', 'reminders', 'resources', 'tags'] as const satisfies readonly LazyNamespace[];
export const NAMESPACES: Namespace[] = [...EAGER_NAMESPACES, ...LAZY_NAMESPACES];
export const DEFAULT_NS = 'common' satisfies Namespace;
