import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routePaths from './routePaths.json';
import { featureRoutes } from './router';

/** Every path pattern the routes declare, joined with their parents' ("" for an index route). */
function patterns(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent : [parent, route.path ?? ''].filter(Boolean).join('/');
    const here = route.index || route.path !== undefined ? [own] : [];
    return [...here, ...patterns(route.children ?? [], own)];
  });
}

describe('routePaths.json', () => {
  it('lists exactly the routes the router serves, so the server answers 404 for nothing else', () => {
    const listed = routePaths.routes.map((r) => r.path).sort();
    const served = [...new Set(patterns(featureRoutes))].sort();
    expect(served).toEqual(listed);
  });
});
