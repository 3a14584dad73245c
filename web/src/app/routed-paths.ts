import type { RouteObject } from 'react-router';
import { ACCESS } from '@/config/access';
import type { AppPath } from '@/config/paths';

/** Every path in a route tree, children included (the catch-all '*' aside). */
export function pathsOf(tree: readonly RouteObject[]): string[] {
  return tree.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...pathsOf(route.children ?? []),
  ]);
}

const isAppPath = (path: string): path is AppPath => Object.hasOwn(ACCESS, path);

/**
 * The screens a route tree serves (a path may be listed in config/paths.ts and the role table
 * before its screen exists). app/router.tsx reads them from its routes; app/router.test.tsx checks
 * that every routed path is in the role table and guarded by it.
 */
export function routedPathsOf(tree: readonly RouteObject[]): ReadonlySet<AppPath> {
  return new Set(pathsOf(tree).filter(isAppPath));
}
