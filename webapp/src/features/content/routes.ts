import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const about = lazyRoute(() => import('./pages/ContentPage'), (m) => m.AboutPage, { namespaces: ['content'] });
const policy = lazyRoute(() => import('./pages/ContentPage'), (m) => m.PolicyPage, { namespaces: ['content'] });

/** About Lamplight (help, FAQ) and the policies, open to everyone; without a slug, the section's first page. */
export const contentRoutes: RouteObject[] = [
  { path: 'about', lazy: about },
  { path: 'about/:slug', lazy: about },
  { path: 'policy', lazy: policy },
  { path: 'policy/:slug', lazy: policy },
];
