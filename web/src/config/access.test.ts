import { describe, expect, it } from 'vitest';
import { ACCESS, can, canOpen, decideAccess, landingPath, PERMISSIONS, SCREEN_PERMISSIONS, staffNavFor, STAFF_ROLES, type Principal } from './access';
import permissionsJson from './permissions.json';
import { paths } from './paths';

// The shared route table (spec section 2), copied here: the app must not read it at run time.
const ROUTE_TABLE: [string, string][] = [
  ['/compareVideo', 'all'],
  ['/videotest', 'all'],
  ['/login', 'visitors'],
  ['/sign-up', 'visitors'],
  ['/forgot-password', 'visitors'],
  ['/reset-password', 'visitors'],
  ['/admin-login', 'admin,creator,coordinator'],
  ['/user-setup', 'superAdmin'],
  ['/company-setup', 'superAdmin'],
  ['/', 'superAdmin,admin,creator,coordinator'],
  ['/profile', 'superAdmin,admin,creator,coordinator'],
  ['/campaigns', 'superAdmin,admin,creator,coordinator'],
  ['/searchVideos', 'superAdmin,admin,creator,coordinator'],
  // Not in the spec's table: the inbox of answers (issue 28).
  ['/responses', 'superAdmin,admin,creator,coordinator'],
  // Not in the spec's table: published items and walls (issue 22).
  ['/publications', 'superAdmin,admin,creator,coordinator'],
  ['/walls', 'superAdmin,admin,creator,coordinator'],
  ['/initiative/campaign/create', 'superAdmin,admin,creator,coordinator'],
  ['/initiative/campaign/:id', 'superAdmin,admin,creator,coordinator'],
  ['/campaign/:campaignId/response-editor/:collaboratorId', 'superAdmin,admin,creator,coordinator'],
  ['/campaign/:campaignId/response-editor/:collaboratorId/tour', 'superAdmin,admin,creator'],
  // Not in the spec's table: the story editor (issue 23).
  ['/campaign/:campaignId/stories/:storyId', 'superAdmin,admin,creator,coordinator'],
  ['/users', 'superAdmin,admin'],
  ['/guidelines', 'superAdmin,admin'],
  ['/help', 'superAdmin,admin,creator,coordinator'],
  ['/request-editor', 'superAdmin,admin,creator'],
  // Not in the spec's table: Settings → Integrations, API keys and webhooks (issue 26).
  ['/settings/integrations', 'superAdmin,admin'],
  ['/contributor-journey', 'contributor'],
  ['/contributor-journey/record-video', 'contributor'],
  ['/contributor/goodJobContributor', 'contributor'],
  ['/contributor/:tenantId/:campaignId', 'contributor'],
  ['/contributor/scriptContributor', 'visitors'],
  // Not in the spec's table: an open campaign's sign-up page, what its poster's QR code opens (issue 24).
  ['/join/:tenantId/:campaignId', 'all'],
  // Not in the spec's table: the page a staff invitation e-mail opens (anyone holding the link).
  ['/accept-invitation', 'all'],
];

const visitor: Principal = { kind: 'visitor' };
const contributor: Principal = { kind: 'contributor' };
const staff = (role: (typeof STAFF_ROLES)[number]): Principal => ({ kind: 'staff', role });

describe('role table', () => {
  it('holds every screen path of the route table and nothing else', () => {
    expect(Object.values(paths).sort()).toEqual(ROUTE_TABLE.map(([p]) => p).sort());
    expect(Object.keys(ACCESS).sort()).toEqual(ROUTE_TABLE.map(([p]) => p).sort());
  });

  it('mirrors who may open each path', () => {
    for (const [path, who] of ROUTE_TABLE) {
      const entry = ACCESS[path as keyof typeof ACCESS];
      if (path === '/admin-login') {
        // The staff sign-in form is shown to visitors; its sign-in accepts admin, creator and coordinator.
        expect(entry).toBe('visitors');
      } else if (who === 'all' || who === 'visitors' || who === 'contributor') {
        expect(entry, path).toBe(who);
      } else {
        expect([...(entry as readonly string[])].sort(), path).toEqual(who.split(',').sort());
      }
    }
  });
});

describe('landingPath', () => {
  it('sends superAdmin, admin and creator to the dashboard and others to the campaign list', () => {
    expect(landingPath('superAdmin')).toBe('/');
    expect(landingPath('admin')).toBe('/');
    expect(landingPath('creator')).toBe('/');
    expect(landingPath('coordinator')).toBe('/campaigns');
  });
});

describe('decideAccess', () => {
  it('lets visitors open visitor pages and sends them to /login from staff pages', () => {
    expect(decideAccess(ACCESS['/login'], visitor)).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/'], visitor)).toEqual({ allow: false, redirectTo: '/login' });
    expect(decideAccess(ACCESS['/profile'], visitor)).toEqual({ allow: false, redirectTo: '/login' });
    expect(decideAccess(ACCESS['/contributor-journey'], visitor)).toEqual({ allow: false, redirectTo: '/login' });
  });

  it('sends signed-in staff away from visitor pages to their landing page', () => {
    expect(decideAccess(ACCESS['/login'], staff('admin'))).toEqual({ allow: false, redirectTo: '/' });
    expect(decideAccess(ACCESS['/sign-up'], staff('coordinator'))).toEqual({ allow: false, redirectTo: '/campaigns' });
    expect(decideAccess(ACCESS['/admin-login'], staff('creator'))).toEqual({ allow: false, redirectTo: '/' });
  });

  it('applies the role lists', () => {
    expect(decideAccess(ACCESS['/'], staff('coordinator'))).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/users'], staff('creator'))).toEqual({ allow: false, redirectTo: '/' });
    expect(decideAccess(ACCESS['/users'], staff('admin'))).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/company-setup'], staff('admin'))).toEqual({ allow: false, redirectTo: '/' });
    expect(decideAccess(ACCESS['/company-setup'], staff('superAdmin'))).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/campaign/:campaignId/response-editor/:collaboratorId/tour'], staff('coordinator'))).toEqual({
      allow: false,
      redirectTo: '/campaigns',
    });
    expect(decideAccess(ACCESS['/request-editor'], staff('coordinator')).allow).toBe(false);
  });

  it('keeps contributors on contributor pages and lets everyone open "all" pages', () => {
    expect(decideAccess(ACCESS['/contributor/:tenantId/:campaignId'], contributor)).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/'], contributor)).toEqual({ allow: false, redirectTo: '/contributor-journey' });
    expect(decideAccess(ACCESS['/contributor-journey'], staff('admin')).allow).toBe(false);
    for (const p of [visitor, contributor, staff('admin')]) expect(canOpen(ACCESS['/videotest'], p)).toBe(true);
  });

  it('counts a contributor holding an invitation as a visitor: the script page is theirs, staff pages are not', () => {
    expect(decideAccess(ACCESS['/contributor/scriptContributor'], contributor)).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/contributor/scriptContributor'], visitor)).toEqual({ allow: true });
    expect(decideAccess(ACCESS['/contributor/scriptContributor'], staff('creator'))).toEqual({ allow: false, redirectTo: '/' });
    expect(decideAccess(ACCESS['/users'], contributor)).toEqual({ allow: false, redirectTo: '/contributor-journey' });
  });
});

describe('staffNavFor', () => {
  const labels = (role: (typeof STAFF_ROLES)[number]) => staffNavFor(role).map((i) => i.label);

  it('shows each role the staff screens it may open', () => {
    expect(labels('superAdmin')).toEqual([
      'Dashboard',
      'Campaigns',
      'Responses',
      'Published',
      'Walls',
      'Search videos',
      'Users',
      'Guidelines',
      'Help',
      'Request editor',
      'Profile',
      'User setup',
      'Company setup',
      'Integrations',
    ]);
    expect(labels('admin')).toEqual(['Dashboard', 'Campaigns', 'Responses', 'Published', 'Walls', 'Search videos', 'Users', 'Guidelines', 'Help', 'Request editor', 'Profile', 'Integrations']);
    expect(labels('creator')).toEqual(['Dashboard', 'Campaigns', 'Responses', 'Published', 'Walls', 'Search videos', 'Help', 'Request editor', 'Profile']);
    expect(labels('coordinator')).toEqual(['Dashboard', 'Campaigns', 'Responses', 'Published', 'Walls', 'Search videos', 'Help', 'Profile']);
  });
});

describe('permission table', () => {
  // permissions.json is written from the API's table (storyhive-local permissions) and checked
  // against it by the API's tests: a change on either side alone fails one of the two suites.
  it("equals the API's table", () => {
    const sorted = (table: Record<string, readonly string[]>) =>
      Object.fromEntries(Object.entries(table).map(([name, roles]) => [name, [...roles].sort()]));
    expect(sorted(PERMISSIONS)).toEqual(sorted(permissionsJson));
  });

  it('guards every staff screen with exactly the roles of its permission', () => {
    for (const [path, who] of Object.entries(ACCESS)) {
      if (typeof who === 'string') continue;
      const permission = SCREEN_PERMISSIONS[path as keyof typeof ACCESS];
      expect(permission, `${path} names its permission`).toBeDefined();
      expect([...who].sort(), path).toEqual([...PERMISSIONS[permission!]].sort());
    }
  });

  it('answers like the API', () => {
    expect(can('admin', 'ManageUsers')).toBe(true);
    expect(can('creator', 'ManageUsers')).toBe(false);
    expect(can('coordinator', 'UseEditorTour')).toBe(false);
    expect(can('superAdmin', 'DeleteOwnAccount')).toBe(true);
    expect(can('admin', 'ManageIntegrations')).toBe(true);
    expect(can('creator', 'ManageIntegrations')).toBe(false);
  });
});
