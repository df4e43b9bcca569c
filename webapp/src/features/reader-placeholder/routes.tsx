import type { RouteObject } from 'react-router';

// TEMPORARY: stand-ins for screens that do not exist yet, so navigation and guards work until
// the real features exist. Delete this folder (and locales/<lng>/placeholder.json) when nothing
// is left.

/** Signed-in screens (mounted behind the sign-in guard). */
export const readerPlaceholderRoutes: RouteObject[] = [];
