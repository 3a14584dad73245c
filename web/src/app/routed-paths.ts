import type { RouteObject } from 'react-router';
import { ACCESS } from '@/config/access';
import type { AppPath } from '@/config/paths';
import { routes } from './router';

/** Every path in a route tree, children included (the catch-all '*' aside). */
export function pathsOf(tree: readonly RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

const isAppPath = (path: string): path is AppPath => Object.hasOwn(ACCESS, path);

/**
 * The screens this build serves, read from the router's route objects (a path may be listed in
 * config/paths.ts and the role table before its screen exists). app/router.test.tsx checks that
 * every routed path is in the role table and guarded by it.
 */
export const routedPaths: ReadonlySet<AppPath> = new Set(pathsOf(routes).filter(isAppPath));
