import 'i18next';
import type { enResources } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof enResources;
    returnNull: false;
  }
}
