// English is bundled with the app; the other locales are loaded on demand (see i18n.ts).
// A feature that adds a namespace adds its English file here and a file per locale in
// locales/<lng>/<namespace>.json.
import common from './locales/en/common.json';
import home from './locales/en/home.json';

export const enResources = { common, home } as const;

export type Namespace = keyof typeof enResources;
export const NAMESPACES = Object.keys(enResources) as Namespace[];
export const DEFAULT_NS = 'common' satisfies Namespace;
