import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

/**
 * /notes (signed in; the app mounts it behind the sign-in guard): one lazily loaded chunk with the
 * Markdown renderer and the Bible kernel, and the notes and passage picker translations.
 */
export const notesRoutes: RouteObject[] = [
  {
    path: 'notes',
    lazy: lazyRoute(() => import('./pages/NotesPage'), (m) => m.NotesPage, { namespaces: ['notes', 'passagePicker'] }),
  },
];
