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
import common from './locales/en/common.json';
import home from './locales/en/home.json';
import type identity from './locales/en/identity.json';
import type notes from './locales/en/notes.json';
import type passagePicker from './locales/en/passagePicker.json';
import type placeholder from './locales/en/placeholder.json';
import type progress from './locales/en/progress.json';
import type readingLog from './locales/en/readingLog.json';
import type resources from './locales/en/resources.json';
import type tags from './locales/en/tags.json';

export const enResources = { common, home } as const;

export interface LazyResources {
  identity: typeof identity;
  notes: typeof notes;
  passagePicker: typeof passagePicker;
  placeholder: typeof placeholder;
  progress: typeof progress;
  readingLog: typeof readingLog;
  resources: typeof resources;
  tags: typeof tags;
}

/** Every namespace's English resources, for typing t(). */
export type Resources = typeof enResources & LazyResources;

export type Namespace = keyof Resources;
export type LazyNamespace = keyof LazyResources;

export const EAGER_NAMESPACES = Object.keys(enResources) as Namespace[];
export const LAZY_NAMESPACES = ['identity', 'notes', 'passagePicker', 'placeholder', 'progress', 'readingLog', 'resources', 'tags'] as const satisfies readonly LazyNamespace[];
export const NAMESPACES: Namespace[] = [...EAGER_NAMESPACES, ...LAZY_NAMESPACES];
export const DEFAULT_NS = 'common' satisfies Namespace;
