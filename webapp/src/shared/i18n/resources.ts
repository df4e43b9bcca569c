// Translations come in namespaces, one JSON file per locale: locales/<lng>/<namespace>.json.
// The files are the list: a feature adds its namespace by adding a file per locale and running
// `npm run i18n-types`, which writes the namespaces' types (namespaces.gen.ts).
//
// - Eager namespaces are needed on every page: English is bundled with the app, the other
//   locales load with the locale (see i18n.ts).
// - Every other namespace is lazy: it belongs to the pages of one feature and loads with those
//   pages' routes (`lazyRoute(..., { namespaces: ['identity'] })`), in English too, so it stays
//   out of the JavaScript every page loads.
// - A namespace's `apiError` texts (the messages of its module's error codes) are the exception:
//   they join common's apiError with the locale, so an error is shown in words on any page.
import common from './locales/en/common.json';
import home from './locales/en/home.json';
import type { NamespaceFiles } from './namespaces.gen';

export const enResources = { common, home } as const;

type EagerNamespace = keyof typeof enResources;

/** The error codes whose messages a namespace other than common holds under `apiError`. */
type ModuleApiCode = {
  [N in Exclude<keyof NamespaceFiles, 'common'>]: NamespaceFiles[N] extends { apiError: infer E } ? keyof E : never;
}[Exclude<keyof NamespaceFiles, 'common'>];

/** Every namespace's English resources, for typing t(); common's apiError holds every module's. */
export type Resources = Omit<NamespaceFiles, 'common'> & {
  common: typeof common & { apiError: Record<ModuleApiCode, string> };
};

export type Namespace = keyof Resources;
export type LazyNamespace = Exclude<Namespace, EagerNamespace>;

export const EAGER_NAMESPACES = Object.keys(enResources) as EagerNamespace[];
export const DEFAULT_NS = 'common' satisfies Namespace;
