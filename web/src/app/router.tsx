import { useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths, type AppPath } from '@/config/paths';
import { FullScreenLoader } from '@/components/FullScreenLoader';
import { CONTRIBUTOR_PATTERNS } from '@/config/entry';
import { RouteGuard } from './guards';
import { Root } from './root';
import { routedPathsOf } from './routed-paths';


/** Loads the current contributor path again, so that boot.ts gives it the contributor entry. */
function OpenContributorEntry() {
  useEffect(() => window.location.replace(window.location.href), []);
  return <FullScreenLoader />;
}

type LazyRoute = NonNullable<RouteObject['lazy']>;

/** A screen at `path`, behind the guard of the role table, loaded on demand. */
function screen(path: AppPath, lazy: LazyRoute): RouteObject {
  return {
    path,
    element: <RouteGuard path={path} />,
    children: [{ index: true, lazy }],
  };
}


export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: FullScreenLoader,
    children: [
      screen(paths.login, () => import('./routes/auth/login')),
      screen(paths.signUp, () => import('./routes/auth/sign-up')),
      screen(paths.forgotPassword, () => import('./routes/auth/forgot-password')),
      screen(paths.resetPassword, () => import('./routes/auth/reset-password')),
      screen(paths.adminLogin, () => import('./routes/auth/admin-login')),
      screen(paths.acceptInvitation, () => import('./routes/auth/accept-invitation')),
      {
        // Staff screens share the staff layout; each keeps its own guard. The layout's navigation
        // offers the screens this router serves.
        lazy: async () => {
          const { StaffFrame } = await import('./routes/staff/layout');
          return { element: <StaffFrame isRouted={(path) => routedPaths.has(path)} /> };
        },
        children: [
          screen(paths.dashboard, () => import('./routes/staff/dashboard')),
          screen(paths.profile, () => import('./routes/staff/profile')),
          screen(paths.campaigns, () => import('./routes/staff/campaigns')),
          // The static create path is ranked above the :id pattern by react-router.
          screen(paths.campaignCreate, () => import('./routes/staff/campaign-create')),
          screen(paths.campaignEdit, () => import('./routes/staff/campaign-edit')),
          screen(paths.users, () => import('./routes/staff/users')),
          screen(paths.guidelines, () => import('./routes/staff/guidelines')),
          screen(paths.help, () => import('./routes/staff/help')),
          screen(paths.requestEditor, () => import('./routes/staff/request-editor')),
          screen(paths.userSetup, () => import('./routes/staff/user-setup')),
          screen(paths.companySetup, () => import('./routes/staff/company-setup')),
          screen(paths.integrations, () => import('./routes/staff/integrations')),
          screen(paths.responseEditor, () => import('./routes/staff/response-editor')),
          screen(paths.responseEditorTour, () => import('./routes/staff/response-editor-tour')),
          screen(paths.storyEditor, () => import('./routes/staff/story-editor')),
          screen(paths.searchVideos, () => import('./routes/staff/search-videos')),
          screen(paths.responses, () => import('./routes/staff/responses')),
          screen(paths.publications, () => import('./routes/staff/publications')),
          screen(paths.walls, () => import('./routes/staff/walls')),
        ],
      },
      // Contributor pages have their own entry (boot.ts, app/contributor): reached
      // from a staff screen, the page is loaded again so that entry serves it.
      ...CONTRIBUTOR_PATTERNS.map((path) => ({ path, element: <OpenContributorEntry /> })),
      // Open to every visitor, signed in or not, outside the staff and contributor layouts.
      screen(paths.compareVideo, () => import('./routes/public/compare-video')),
      screen(paths.videoTest, () => import('./routes/public/video-test')),
      // Any unknown path goes to the dashboard (whose guard sends visitors to /login).
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];

/** The screens this build serves. */
export const routedPaths = routedPathsOf(routes);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
