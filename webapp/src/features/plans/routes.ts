import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/shared/lib/lazyRoute';

const NS = { namespaces: ['plans'] } as const;

/** The plans screens; the app mounts them behind the sign-in guard. */
export const plansRoutes: RouteObject[] = [
  { path: 'plans', lazy: lazyRoute(() => import('./pages/PlansPage'), (m) => m.PlansPage, NS) },
  { path: 'plans/:id', lazy: lazyRoute(() => import('./pages/PlanPage'), (m) => m.PlanPage, NS) },
];
