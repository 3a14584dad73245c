import { paths, type AppPath } from './paths';

/** Staff roles as the API names them. */
export const STAFF_ROLES = ['superAdmin', 'admin', 'creator', 'coordinator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  superAdmin: 'Super Admin',
  admin: 'Admin',
  creator: 'Creator',
  coordinator: 'Coordinator',
};

/**
 * Who may open a screen:
 * - 'all': anyone;
 * - 'visitors': only someone not signed in as staff. A contributor's invitation is not a sign-in
 *   (contributor calls carry the link's key, never a session), so a contributor is a visitor here:
 *   the script page (/contributor/scriptContributor) is theirs.
 * - 'contributor': a contributor holding an invite;
 * - a list of staff roles.
 */
export type Who = 'all' | 'visitors' | 'contributor' | readonly StaffRole[];

const allStaff = STAFF_ROLES;

/** One role table mirroring the shared route table (routes.tsv). */
export const ACCESS: Record<AppPath, Who> = {
  [paths.compareVideo]: 'all',
  [paths.videoTest]: 'all',
  [paths.login]: 'visitors',
  [paths.signUp]: 'visitors',
  [paths.forgotPassword]: 'visitors',
  [paths.resetPassword]: 'visitors',
  // The staff sign-in page is opened by visitors; it signs in every staff role (one sign-in, issue 28).
  [paths.adminLogin]: 'visitors',
  [paths.userSetup]: ['superAdmin'],
  [paths.companySetup]: ['superAdmin'],
  [paths.dashboard]: allStaff,
  [paths.profile]: allStaff,
  [paths.campaigns]: allStaff,
  [paths.searchVideos]: allStaff,
  [paths.responses]: allStaff,
  // Every staff role reads what is published; only superAdmin, admin and creator act on it (the API decides).
  [paths.publications]: allStaff,
  [paths.walls]: allStaff,
  [paths.campaignCreate]: allStaff,
  [paths.campaignEdit]: allStaff,
  [paths.responseEditor]: allStaff,
  [paths.responseEditorTour]: ['superAdmin', 'admin', 'creator'],
  // The story editor (issue 23): the story routes need UseStaffApp.
  [paths.storyEditor]: allStaff,
  [paths.users]: ['superAdmin', 'admin'],
  [paths.guidelines]: ['superAdmin', 'admin'],
  [paths.help]: allStaff,
  [paths.requestEditor]: ['superAdmin', 'admin', 'creator'],
  [paths.integrations]: ['superAdmin', 'admin'],
  [paths.contributorJourney]: 'contributor',
  [paths.contributorRecordVideo]: 'contributor',
  [paths.contributorGoodJob]: 'contributor',
  [paths.contributorCampaign]: 'contributor',
  [paths.contributorScript]: 'visitors',
  // An open campaign's sign-up page (its poster's QR code): anyone, staff trying their poster too.
  [paths.contributorJoin]: 'all',
  // Anyone holding an invitation link; accepting it signs them in as the invited user.
  [paths.acceptInvitation]: 'all',
};

/** Who is using the app right now. */
export type Principal = { kind: 'visitor' } | { kind: 'contributor' } | { kind: 'staff'; role: StaffRole };

/** Where a signed-in staff member lands: superAdmin, admin and creator on the dashboard, others on the campaign list. */
export function landingPath(role: StaffRole): AppPath {
  return role === 'superAdmin' || role === 'admin' || role === 'creator' ? paths.dashboard : paths.campaigns;
}

export function canOpen(who: Who, principal: Principal): boolean {
  if (who === 'all') return true;
  if (who === 'visitors') return principal.kind !== 'staff';
  if (who === 'contributor') return principal.kind === 'contributor';
  return principal.kind === 'staff' && who.includes(principal.role);
}

export type GuardDecision = { allow: true } | { allow: false; redirectTo: AppPath };

/** What a route guard does for `principal` on a screen open to `who`. */
export function decideAccess(who: Who, principal: Principal): GuardDecision {
  if (canOpen(who, principal)) return { allow: true };
  switch (principal.kind) {
    case 'staff':
      return { allow: false, redirectTo: landingPath(principal.role) };
    case 'contributor':
      return { allow: false, redirectTo: paths.contributorJourney };
    case 'visitor':
      return { allow: false, redirectTo: paths.login };
  }
}

/** Staff screens shown in the navigation, in order. */
export const STAFF_NAV: readonly { label: string; path: AppPath }[] = [
  { label: 'Dashboard', path: paths.dashboard },
  { label: 'Campaigns', path: paths.campaigns },
  { label: 'Responses', path: paths.responses },
  { label: 'Published', path: paths.publications },
  { label: 'Walls', path: paths.walls },
  { label: 'Search videos', path: paths.searchVideos },
  { label: 'Users', path: paths.users },
  { label: 'Guidelines', path: paths.guidelines },
  { label: 'Help', path: paths.help },
  { label: 'Request editor', path: paths.requestEditor },
  { label: 'Profile', path: paths.profile },
  { label: 'User setup', path: paths.userSetup },
  { label: 'Company setup', path: paths.companySetup },
  { label: 'Integrations', path: paths.integrations },
];

/** Navigation entries the role may open. */
export function staffNavFor(role: StaffRole): { label: string; path: AppPath }[] {
  return STAFF_NAV.filter((item) => canOpen(ACCESS[item.path], { kind: 'staff', role }));
}

/**
 * The permission table of spec section 6: the API's one table (shared/src/permissions.rs),
 * mirrored. access.test.ts checks it against permissions.json (which the API's tests check
 * against the Rust table) and checks every staff screen of ACCESS against the permission it needs.
 */
export const PERMISSIONS = {
  UseStaffApp: ['superAdmin', 'admin', 'creator', 'coordinator'],
  UseEditorTour: ['superAdmin', 'admin', 'creator'],
  ManageUsers: ['superAdmin', 'admin'],
  ManageGuidelines: ['superAdmin', 'admin'],
  UserSetup: ['superAdmin'],
  CompanySetup: ['superAdmin'],
  DeleteOwnAccount: ['superAdmin'],
  UseHelp: ['superAdmin', 'admin', 'creator', 'coordinator'],
  UseRequestEditor: ['superAdmin', 'admin', 'creator'],
  Publish: ['superAdmin', 'admin', 'creator'],
  ManageIntegrations: ['superAdmin', 'admin'],
  ManageBrand: ['superAdmin', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type PermissionName = keyof typeof PERMISSIONS;

/** The permission each staff screen needs (its guard in ACCESS must give exactly those roles). */
export const SCREEN_PERMISSIONS: Partial<Record<AppPath, PermissionName>> = {
  [paths.userSetup]: 'UserSetup',
  [paths.companySetup]: 'CompanySetup',
  [paths.dashboard]: 'UseStaffApp',
  [paths.profile]: 'UseStaffApp',
  [paths.campaigns]: 'UseStaffApp',
  [paths.searchVideos]: 'UseStaffApp',
  [paths.responses]: 'UseStaffApp',
  [paths.publications]: 'UseStaffApp',
  [paths.walls]: 'UseStaffApp',
  [paths.campaignCreate]: 'UseStaffApp',
  [paths.campaignEdit]: 'UseStaffApp',
  [paths.responseEditor]: 'UseStaffApp',
  [paths.responseEditorTour]: 'UseEditorTour',
  [paths.storyEditor]: 'UseStaffApp',
  [paths.users]: 'ManageUsers',
  [paths.guidelines]: 'ManageGuidelines',
  [paths.help]: 'UseHelp',
  [paths.requestEditor]: 'UseRequestEditor',
  [paths.integrations]: 'ManageIntegrations',
};

/** Whether `role` has `permission` (the same answer the API gives). */
export function can(role: StaffRole, permission: PermissionName): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
