import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const namespaces = ['progress'] as const;

/**
 * The reader's progress screens (signed-in; the app mounts them behind the sign-in guard):
 * /books, /books/{book} (number 1-66 or USFM code), /checklist and /progress.
 */
export const progressRoutes: RouteObject[] = [
  { path: 'books', lazy: lazyRoute(() => import('./pages/BooksPage'), (m) => m.BooksPage, { namespaces }) },
  { path: 'books/:book', lazy: lazyRoute(() => import('./pages/BookPage'), (m) => m.BookPage, { namespaces }) },
  { path: 'checklist', lazy: lazyRoute(() => import('./pages/ChecklistPage'), (m) => m.ChecklistPage, { namespaces }) },
  { path: 'progress', lazy: lazyRoute(() => import('./pages/ProgressPage'), (m) => m.ProgressPage, { namespaces }) },
];
