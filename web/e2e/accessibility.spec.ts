import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { currentTheme, expectNoSeriousViolations, expectTheme, storeTheme, type Theme } from './axe';
import { FAKE_MEDIA_ARGS, launchOptions } from './browser';
import { signIn, staffApi, ok, randomLetters, DEMO_PASSWORD } from './helpers';

/**
 * Accessibility (issue 13, WCAG 2.2 AA): axe on every routed screen, as each kind of user allowed to
 * open it (visitor, contributor holding an invitation link, super admin, admin, creator, coordinator),
 * in the light and the dark theme: no serious or critical violation. Screens that need data are opened
 * on a campaign made through the API, with a collaborator whose answer is stored; a second collaborator
 * goes through the contributor pages and records with the keyboard alone (fake camera). Every check of
 * one kind of user runs in one test on one page (signed in once); a theme is switched by storing it and
 * loading the next screen, and the screens of one app in between are opened in the app, as a link does.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const STAFF = {
  superAdmin: 'superadmin@storyhive-demo.org',
  admin: 'admin@storyhive-demo.org',
  creator: 'creator@storyhive-demo.org',
  coordinator: 'coordinator@storyhive-demo.org',
} as const;
type StaffRole = keyof typeof STAFF;
type Kind = 'visitor' | 'contributor' | StaffRole;
const ALL_STAFF: StaffRole[] = ['superAdmin', 'admin', 'creator', 'coordinator'];

test.use({
  launchOptions: launchOptions(...FAKE_MEDIA_ARGS),
  viewport: { width: 1280, height: 900 },
});

/** The newest link e-mailed to `to` whose href contains `part` (dev mailbox, newest first). */
async function mailedLink(api: APIRequestContext, to: string, part: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const body: unknown = await (await api.get(`${BASE}/_dev/mailbox.json`)).json().catch(() => []);
    const mails = (Array.isArray(body) ? body : []) as { to: string[]; body: string }[];
    const mail = mails.find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
    const href = mail?.body.match(new RegExp(`href="([^"]*${part}[^"]*)"`))?.[1];
    if (href) return href.replace(/&amp;/g, '&');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no mail to ${to} with a link containing ${part}`);
}

type World = {
  campaignId: string;
  title: string;
  /** The collaborator whose answer is stored (response editor, answers, search). */
  contributorId: string;
  questionId: string;
  /** The invitation link of a second collaborator, who goes through the contributor pages. */
  link: string;
  /** A new staff member, invited: the accept-invitation form, and the newest row of the user list. */
  memberEmail: string;
  staffInvitation: string;
  staff: APIRequestContext;
};

let world: World;

/** A 3-second WebM (VP8 test picture, Opus tone), as a phone's gallery would hold. */
function galleryTake(): Buffer {
  const file = join(mkdtempSync(join(tmpdir(), 'storyhive-a11y-')), 'take.webm');
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '3', '-c:v', 'libvpx', '-b:v', '300k', '-deadline', 'realtime', '-cpu-used', '8',
    '-c:a', 'libopus', file,
  ]);
  return readFileSync(file);
}

/** The collaborator opens their link, gives their details and uploads a take for the one question. */
async function answerWithFile(browser: Browser, link: string) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Recorder');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('studio')).toBeVisible();
  await page.getByTestId('upload-file').setInputFiles({ name: 'my-answer.webm', mimeType: 'video/webm', buffer: galleryTake() });
  await page.getByRole('dialog').getByRole('button', { name: 'Review Videos for Submission' }).click();
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 1 answers safely stored', { timeout: 60_000 });
  await context.close();
}

// Run again by a new worker after a failed test: each run of the file makes its own data.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const staff = await staffApi(STAFF.admin);
  const suffix = `${Date.now().toString(36)}${randomLetters(4)}`;
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: `A11y ${suffix}` } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: `a11y-${suffix}`.slice(0, 30) } }));
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title: `Accessible stories ${suffix}`,
        description: 'Stories told for the accessibility checks.',
        initiativeId: initiative.id,
        type: 'targeted',
        visibility: 'public',
        mode: 'landscape',
        deadline: '2030-06-01',
        expiryDate: '2030-06-30',
        tags: [tag.id],
      },
    }),
  );
  await ok(
    await staff.post(`${BASE}/api/question/add`, {
      data: {
        campaignId: campaign.id,
        question: 'What does your team do?',
        tips: 'Speak slowly and look at the camera.',
        script: '<p>We build the tools our neighbours use every day.</p><p>We listen first.</p>',
        sequence: 1,
      },
    }),
  );
  const invite = async (email: string, firstName: string, lastName: string) =>
    (
      await ok<{ contributor: { contributorId: string; inviteLink?: string | null } }>(
        await staff.post(`${BASE}/api/campaign/add-contributor`, { data: { campaignId: campaign.id, email, firstName, lastName } }),
      )
    ).contributor;
  const answering = await invite(`a11y-${suffix}@example.org`, 'Robin', 'Recorder');
  const journeying = await invite(`a11y-journey-${suffix}@example.org`, 'Sasha', 'Keys');
  await answerWithFile(browser, answering.inviteLink!);
  const questions = await ok<{ campaignQuestionId: string }[]>(await staff.get(`${BASE}/api/question/list/${campaign.id}`));
  // A pending editor request, so that the request editor screen is checked with its "requested"
  // badge whatever ran before (it once failed contrast only after another spec had made one).
  await ok(
    await staff.post(`${BASE}/api/support/editor-requests`, {
      data: { campaignId: campaign.id, message: 'Please cut our answers into a short story.' },
    }),
  );
  const newMember = `a11y-member-${suffix}@acme-films.com`;
  await ok(await staff.post(`${BASE}/api/user/invite`, { data: { email: newMember, role: 'creator', firstName: 'Casey', lastName: 'Newman' } }));
  world = {
    campaignId: campaign.id,
    title: `Accessible stories ${suffix}`,
    contributorId: answering.contributorId,
    questionId: questions[0]!.campaignQuestionId,
    link: journeying.inviteLink!,
    memberEmail: newMember,
    staffInvitation: await mailedLink(staff, newMember, '/accept-invitation'),
    staff,
  };
});

test.afterAll(async () => {
  await world?.staff.dispose();
});

/** A screen to check: where it is, who may open it, its h1, and when it has settled. */
type Screen = {
  name: string;
  who: readonly Kind[];
  path: () => string;
  heading: string | RegExp | (() => string);
  /** Waits until the screen shows its data (after its h1). */
  ready?: (page: Page) => Promise<void>;
  /** Brings the screen into a further state to check (e.g. a collaborator's answers shown). */
  open?: (page: Page) => Promise<void>;
};

const VISITORS_AND_CONTRIBUTORS: Kind[] = ['visitor', 'contributor'];
const EVERYONE: Kind[] = ['visitor', 'contributor', ...ALL_STAFF];

/** The staff app's screens (config/paths.ts, config/access.ts, app/router.tsx), with who may open them. */
const STAFF_APP_SCREENS: Screen[] = [
  { name: 'sign-in', who: VISITORS_AND_CONTRIBUTORS, path: () => '/login', heading: 'Sign in to Storyhive' },
  { name: 'sign-up', who: VISITORS_AND_CONTRIBUTORS, path: () => '/sign-up', heading: 'Create your Storyhive account' },
  { name: 'forgot password', who: VISITORS_AND_CONTRIBUTORS, path: () => '/forgot-password', heading: 'Reset your password' },
  {
    name: 'reset password',
    who: VISITORS_AND_CONTRIBUTORS,
    path: () => '/reset-password?token=a11y-check&email=someone%40acme-films.com',
    heading: 'Choose a new password',
  },
  { name: 'staff sign-in', who: VISITORS_AND_CONTRIBUTORS, path: () => '/admin-login', heading: 'Staff sign in' },
  {
    name: 'accept invitation',
    who: ['visitor'],
    path: () => new URL(world.staffInvitation).pathname + new URL(world.staffInvitation).search,
    heading: 'Join your team',
  },
  { name: 'compare videos', who: EVERYONE, path: () => '/compareVideo', heading: 'Compare videos' },
  { name: 'video test', who: EVERYONE, path: () => '/videotest', heading: 'Video test' },
  {
    name: 'dashboard',
    who: ALL_STAFF,
    path: () => '/',
    heading: /^Welcome, /,
    ready: async (page) => await expect(page.getByRole('heading', { name: /expir/i }).first()).toBeVisible(),
  },
  { name: 'profile', who: ALL_STAFF, path: () => '/profile', heading: 'Profile', ready: async (page) => await expect(page.getByLabel('First name')).toBeVisible() },
  {
    name: 'campaign list',
    who: ALL_STAFF,
    // Searched for by its title: the other lane's specs make campaigns meanwhile, and the newest
    // first page may no longer hold this one.
    path: () => `/campaigns?search=${encodeURIComponent(world.title)}`,
    heading: 'Campaigns',
    ready: async (page) => await expect(page.getByRole('link', { name: world.title }).first()).toBeVisible(),
  },
  {
    name: 'video search with results',
    who: ALL_STAFF,
    path: () => '/searchVideos',
    heading: 'Search videos',
    ready: async (page) => {
      // The stored take is indexed once the media worker has converted it: the first visit may wait for it.
      const card = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
      await expect(async () => {
        if (!(await card.isVisible())) await page.getByRole('button', { name: 'Search', exact: true }).click();
        await expect(card).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000, intervals: [1_000] });
    },
  },
  {
    name: 'responses inbox with answers',
    who: ALL_STAFF,
    path: () => `/responses?campaignId=${world.campaignId}`,
    heading: 'Responses',
    ready: async (page) => {
      const card = page.getByRole('list', { name: 'Answers' }).getByRole('listitem').first();
      await expect(async () => {
        if (!(await card.isVisible())) await page.reload();
        await expect(card).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 90_000, intervals: [1_000] });
    },
  },
  { name: 'new campaign', who: ALL_STAFF, path: () => '/initiative/campaign/create', heading: 'Create campaign' },
  {
    name: 'campaign edit',
    who: ALL_STAFF,
    path: () => `/initiative/campaign/${world.campaignId}`,
    heading: () => world.title,
    ready: async (page) => await expect(page.getByRole('list', { name: 'Collaborators' }).getByText('Robin Recorder').first()).toBeVisible(),
    open: async (page) => {
      const row = page.getByRole('list', { name: 'Collaborators' }).getByRole('listitem').filter({ hasText: 'Robin Recorder' });
      await row.getByRole('button', { name: /^Answers/ }).click();
      await expect(page.getByRole('list', { name: /^Answers of / }).locator('video')).toBeVisible();
    },
  },
  {
    name: 'response editor',
    who: ALL_STAFF,
    path: () => `/campaign/${world.campaignId}/response-editor/${world.contributorId}`,
    heading: 'Response editor',
    ready: async (page) => await expect(page.locator('#editor-answers video').first()).toBeVisible(),
  },
  {
    name: 'response editor tour',
    who: ['superAdmin', 'admin', 'creator'],
    path: () => `/campaign/${world.campaignId}/response-editor/${world.contributorId}/tour`,
    heading: 'Response editor',
    ready: async (page) => await expect(page.getByRole('dialog')).toBeVisible(),
  },
  { name: 'users', who: ['superAdmin', 'admin'], path: () => '/users', heading: 'Users', ready: async (page) => await expect(page.getByText(world.memberEmail)).toBeVisible() },
  { name: 'guidelines', who: ['superAdmin', 'admin'], path: () => '/guidelines', heading: 'Guidelines' },
  { name: 'help', who: ALL_STAFF, path: () => '/help', heading: 'Help' },
  { name: 'request editor', who: ['superAdmin', 'admin', 'creator'], path: () => '/request-editor', heading: 'Request an editor' },
  { name: 'user set-up', who: ['superAdmin'], path: () => '/user-setup', heading: 'User setup' },
  { name: 'company set-up', who: ['superAdmin'], path: () => '/company-setup', heading: 'Company setup' },
];

const isContributorApp = (path: string) => path.startsWith('/contributor');

/**
 * Opens `path`: a full load the first time (and when moving between the staff app and the contributor
 * pages, two separate apps), else as a link would, in the app (history.pushState and popstate, which
 * both routers follow), which spares the start of the app on each screen.
 */
async function open(page: Page, path: string, fullLoad: boolean) {
  const current = new URL(page.url());
  if (fullLoad || current.origin !== new URL(BASE).origin || isContributorApp(current.pathname) !== isContributorApp(path)) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** Waits for the screen's own h1 and its sign of being ready, then for every spinner to go. */
async function settle(page: Page, screen: Screen) {
  const name = typeof screen.heading === 'function' ? screen.heading() : screen.heading;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  if (screen.ready) await screen.ready(page);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

/**
 * Switches to the other theme on the screen as it is: with the theme toggle where the screen has one
 * (what a user does), else by storing the theme and loading the page again.
 */
async function switchTheme(page: Page, screen: Screen, to: Theme) {
  const toggle = page.getByRole('button', { name: `Switch to ${to} theme` });
  if ((await toggle.count()) === 1 && (await toggle.isVisible())) {
    await toggle.click();
  } else {
    await storeTheme(page, to);
    await page.reload();
    await settle(page, screen);
  }
  await expectTheme(page, to);
}

/** Opens every screen `kind` may open and checks it in both themes (the second one after switching). */
async function checkScreens(page: Page, kind: Kind, screens: Screen[]) {
  let fullLoad = true;
  for (const screen of screens.filter((s) => s.who.includes(kind))) {
    await test.step(screen.name, async () => {
      const t0 = Date.now();
      await open(page, screen.path(), fullLoad);
      fullLoad = false;
      await settle(page, screen);
      const t1 = Date.now();
      const first = await currentTheme(page);
      const second: Theme = first === 'light' ? 'dark' : 'light';
      await expectNoSeriousViolations(page, `${screen.name} as ${kind}, ${first} theme`);
      await switchTheme(page, screen, second);
      await expectNoSeriousViolations(page, `${screen.name} as ${kind}, ${second} theme`);
      if (screen.open) {
        await screen.open(page);
        await expectNoSeriousViolations(page, `${screen.name} (opened) as ${kind}, ${second} theme`);
        await switchTheme(page, screen, first);
        await expectNoSeriousViolations(page, `${screen.name} (opened) as ${kind}, ${first} theme`);
      }
      if (process.env.A11Y_TIMING) console.log(`${kind} ${screen.name}: open ${t1 - t0} ms, checks ${Date.now() - t1} ms`);
    });
  }
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
  // The staff layout's chat widget (a third party's script in production) is not part of this check.
  await context.route(/support-chat\.storyhive\.invalid/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  const page = await context.newPage();
  await page.goto('/login');
  await storeTheme(page, 'light');
  return { context, page };
}

test('visitor: every screen open to visitors, light and dark', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await newPage(browser);
  await checkScreens(page, 'visitor', STAFF_APP_SCREENS);
  await context.close();
});

test('contributor: landing, journey, script, recording (keyboard only) and good job pages, light and dark', async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await newPage(browser);
  const url = new URL(world.link);
  const landing = url.pathname + url.search;
  const contributorScreens: Screen[] = [
    { name: 'contributor landing', who: ['contributor'], path: () => landing, heading: () => world.title, ready: async (p) => await expect(p.getByLabel('First name')).toBeVisible() },
  ];
  await checkScreens(page, 'contributor', contributorScreens);

  // Accepts the invitation: the journey.
  await page.goto(landing);
  await page.getByLabel('First name').fill('Sasha');
  await page.getByLabel('Last name').fill('Keys');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).click();
  await expect(page).toHaveURL(/\/contributor-journey$/);

  const studioReady = async (p: Page) => await expect(p.getByRole('button', { name: 'Start recording' })).toBeEnabled({ timeout: 20_000 });
  await checkScreens(page, 'contributor', [
    { name: 'contributor landing, details given', who: ['contributor'], path: () => landing, heading: () => world.title, ready: async (p) => await expect(p.getByRole('checkbox')).toBeVisible() },
    { name: 'journey', who: ['contributor'], path: () => '/contributor-journey', heading: () => world.title, ready: async (p) => await expect(p.getByTestId('journey-question')).toHaveCount(1) },
    {
      name: 'script',
      who: ['contributor'],
      path: () => `/contributor/scriptContributor?campaignQuestionId=${encodeURIComponent(world.questionId)}`,
      heading: 'What does your team do?',
      ready: async (p) => await expect(p.getByRole('textbox').first()).toBeVisible(),
    },
    { name: 'recording practice round', who: ['contributor'], path: () => '/contributor-journey/record-video?istest=true', heading: 'What does your team do?', ready: studioReady },
    { name: 'recording', who: ['contributor'], path: () => '/contributor-journey/record-video', heading: 'What does your team do?', ready: studioReady },
    // The staff app's screens open to a contributor (who is no staff member there).
    ...STAFF_APP_SCREENS.filter((s) => s.who.includes('contributor')),
  ]);

  // The light theme again for the take.
  await storeTheme(page, 'light');
  await page.goto('/contributor-journey/record-video');
  await studioReady(page);
  // Keyboard only: from the page's start to a stored take.
  await recordWithKeyboard(page);
  await expect(page).toHaveURL(/\/contributor-journey$/);
  await expect(page.getByTestId('stored-count')).toHaveText('1 of 1 answers safely stored', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await tabTo(page, 'button', 'Submit my answers');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contributor\/goodJobContributor$/);
  await checkScreens(page, 'contributor', [
    { name: 'good job', who: ['contributor'], path: () => '/contributor/goodJobContributor', heading: 'Good job!' },
    { name: 'link reopened after submitting', who: ['contributor'], path: () => landing, heading: "You've submitted, thank you" },
  ]);
  await context.close();
});

/** Records a take with the keyboard alone and moves on to the journey (the recording page's controls are labelled and reachable). */
async function recordWithKeyboard(page: Page) {
  await tabTo(page, 'button', 'Start recording');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('recording-timer')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2000);
  // Focus stays on the recording button, which now stops the take.
  await expect(page.getByRole('button', { name: 'Stop recording' })).toBeFocused();
  await page.keyboard.press('Enter');
  const review = page.getByRole('dialog', { name: 'Your take' });
  await expect(review).toBeVisible({ timeout: 20_000 });
  await tabTo(page, 'button', 'Review Videos for Submission');
  await page.keyboard.press('Enter');
}

/** Presses Tab until the element of `role` named `name` has the focus (at most 40 times). */
async function tabTo(page: Page, role: 'button' | 'link' | 'menuitem', name: string) {
  const target = page.getByRole(role, { name, exact: true });
  for (let i = 0; i < 40; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const role of ALL_STAFF) {
  test(`${role}: every screen the role may open, light and dark`, async ({ browser }) => {
    test.setTimeout(150_000);
    const { context, page } = await newPage(browser);
    await signIn(page, STAFF[role], DEMO_PASSWORD);
    await expect(page.getByTestId('staff-layout')).toBeVisible();
    await checkScreens(page, role, STAFF_APP_SCREENS);
    await context.close();
  });
}

test('keyboard only: a staff member skips to the content, goes through a dialog, opens the user menu and signs out', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  await signIn(page, STAFF.coordinator, DEMO_PASSWORD);
  await expect(page.getByTestId('staff-layout')).toBeVisible();
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The skip link comes first and moves the focus to the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // A dialog keeps Tab inside and gives the focus back to the button that opened it.
  await page.goto('/initiative/campaign/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create campaign' })).toBeVisible();
  await tabTo(page, 'button', 'New initiative');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New initiative' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Initiative name')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { disabled: false }).last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Initiative name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'New initiative', exact: true })).toBeFocused();

  const menuButton = page.getByRole('button', { name: 'Riley Chen' });
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});
