import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectTheme, storeTheme, type Theme } from './axe';
import { ok, randomLetters, signIn, staffApi } from './helpers';

/**
 * Every staff screen fits a 360 px phone (issue 28, item 4): with long unbroken names everywhere (a
 * campaign, its initiative, questions, collaborators, a staff member's own name, a guideline, a
 * department), no screen scrolls sideways, no element pokes out of the screen, no one-word button
 * breaks inside its word ("Previ ous") and no text is squeezed into a column of a letter or two.
 * Checked in both themes.
 */
const BASE = (process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '');
const PHONE = { width: 360, height: 740 };
const PASSWORD = 'Storyhive-Phone-1!';

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** `length` letters without a space, different for each call (names may hold letters only). */
function longWord(start: string, length: number): string {
  return `${start}${randomLetters(6)}${'supercalifragilisticexpialidocious'.repeat(4)}`.slice(0, length);
}

type World = {
  campaignId: string;
  title: string;
  question: string;
  collaboratorId: string;
  email: string;
  firstName: string;
};

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

let world: World;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const staff = await staffApi('superadmin@storyhive-demo.org');
  const suffix = randomLetters(8);
  const initiative = await ok<{ id: string }>(await staff.post(`${BASE}/api/initiative/add`, { data: { name: longWord('Initiative', 50) } }));
  const tag = await ok<{ id: string }>(await staff.post(`${BASE}/api/tags/add`, { data: { name: longWord('tag', 30) } }));
  const title = longWord(`Phonefit${suffix}`, 250);
  const campaign = await ok<{ id: string }>(
    await staff.post(`${BASE}/api/campaign/add`, {
      data: {
        title,
        description: longWord('Description', 500),
        initiativeId: initiative.id,
        type: 'targeted',
        visibility: 'public',
        mode: 'portrait',
        deadline: '2030-06-01',
        expiryDate: '2030-06-30',
        tags: [tag.id],
      },
    }),
  );
  const question = longWord('Question', 50);
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question, tips: longWord('Tips', 50), sequence: 1 } }));
  await ok(await staff.post(`${BASE}/api/question/add`, { data: { campaignId: campaign.id, question: longWord('Second', 50), sequence: 2 } }));
  const invited = await ok<{ contributor: { contributorId: string } }>(
    await staff.post(`${BASE}/api/campaign/add-contributor`, {
      data: { campaignId: campaign.id, email: `${longWord('collaborator', 50)}@example.org`, firstName: longWord('Robin', 50), lastName: longWord('Longname', 50) },
    }),
  );
  await ok(await staff.post(`${BASE}/api/guideline/addguidelinetitle`, { data: { title: longWord('Guideline', 50), values: [longWord('Rule', 50)] } }));
  await ok(await staff.post(`${BASE}/api/departments/add`, { data: { name: longWord('Department', 50) } }));

  // A super admin of the demo organisation with a 50-letter name, who signs in on the phone.
  const email = `${longWord('phonefit', 40)}@acme-films.com`;
  const firstName = longWord('Maximiliana', 50);
  await ok(await staff.post(`${BASE}/api/user/invite`, { data: { email, role: 'superAdmin', firstName, lastName: longWord('Featherstonehaugh', 50) } }));
  const token = new URL(await mailedLink(staff, email, '/accept-invitation')).searchParams.get('token');
  const anon = await playwrightRequest.newContext();
  await ok(await anon.post(`${BASE}/api/user/acceptInvitation`, { data: { token, password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName: null } }));
  await anon.dispose();
  await staff.dispose();
  world = { campaignId: campaign.id, title, question, collaboratorId: invited.contributor.contributorId, email, firstName };
});

type Misfit = { what: string; left: number; right: number };

/**
 * What does not fit the screen: the page's own scroll width, every element that reaches out of the
 * screen (the outermost of a chain, inside no box that scrolls or clips it), boxes that scroll
 * sideways (a table's columns out of sight), words of one-word
 * buttons and links broken across lines, and text squeezed to a few letters a line.
 */
async function misfits(page: Page): Promise<{ scrollWidth: number; outside: Misfit[]; sideways: string[]; brokenWords: string[]; squeezed: string[] }> {
  // The phone's width, not the page's: a mobile browser widens its layout to a page wider than the
  // screen (and zooms out), so `innerWidth` grows with what overflows.
  return page.evaluate((width) => {
    const describe = (el: Element) => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body && parts.length < 4; node = node.parentElement) {
        const id = node.id ? `#${node.id}` : '';
        const testId = node.getAttribute('data-testid') ? `[data-testid=${node.getAttribute('data-testid')}]` : '';
        const cls = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
        parts.unshift(`${node.tagName.toLowerCase()}${id}${testId}${cls}`);
      }
      const text = (el.textContent ?? '').trim().slice(0, 40);
      return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
    };
    // A box that scrolls or clips on the x axis keeps what it holds from widening the page.
    const clipped = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.documentElement; node = node.parentElement) {
        const x = getComputedStyle(node).overflowX;
        if (x !== 'visible') return true;
      }
      return false;
    };
    const outsideOf = (el: Element) => {
      // Text for screen readers only (clipped to nothing) is not on the screen.
      if (getComputedStyle(el).clipPath !== 'none') return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.right > width + 0.5 || r.left < -0.5);
    };
    const outside: { what: string; left: number; right: number }[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!outsideOf(el) || clipped(el)) continue;
      if (el.parentElement && el.parentElement !== document.body && outsideOf(el.parentElement)) continue;
      const r = el.getBoundingClientRect();
      outside.push({ what: describe(el), left: Math.round(r.left), right: Math.round(r.right) });
    }

    // A table or list wider than the screen, scrolling in its own box, hides its columns on a phone.
    const sideways: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const x = getComputedStyle(el).overflowX;
      if ((x === 'auto' || x === 'scroll') && el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1) {
        sideways.push(`${describe(el)}: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
      }
    }

    /** The lines the text shown in `node` spans (text for screen readers only aside). */
    const lineCount = (node: Node) => {
      const texts = node.nodeType === Node.TEXT_NODE ? [node] : [];
      const inside = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = inside.nextNode(); text; text = inside.nextNode()) texts.push(text);
      const tops = new Set<number>();
      for (const text of texts) {
        if (text.parentElement?.closest('.sr-only')) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size;
    };
    const brokenWords: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button, a, [role="button"], [role="tab"]'))) {
      const text = (el.textContent ?? '').trim();
      if (!text || /\s/.test(text) || text.length > 20 || (el as HTMLElement).offsetParent === null) continue;
      if (lineCount(el) > 1) brokenWords.push(`${describe(el)} on ${lineCount(el)} lines`);
    }
    const squeezed: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (text.length < 12 || !parent || parent.closest('.sr-only, [aria-hidden="true"], script, style, option')) continue;
      const lines = lineCount(node);
      if (lines > 2 && text.length / lines < 6) squeezed.push(`${describe(parent)}: ${text.length} characters on ${lines} lines`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, outside, sideways, brokenWords, squeezed };
  }, PHONE.width);
}

async function expectFits(page: Page, screen: string) {
  const found = await misfits(page);
  expect.soft(found.scrollWidth, `${screen}: the page is wider than the screen (${found.scrollWidth} px on a ${PHONE.width} px phone)`).toBeLessThanOrEqual(PHONE.width);
  expect.soft(found.outside, `${screen}: elements reach out of the screen`).toEqual([]);
  expect.soft(found.sideways, `${screen}: boxes that must be scrolled sideways to see all they hold`).toEqual([]);
  expect.soft(found.brokenWords, `${screen}: one-word buttons or links broken inside the word`).toEqual([]);
  expect.soft(found.squeezed, `${screen}: text squeezed to a few letters a line`).toEqual([]);
}

type Screen = { name: string; path: () => string; ready: (page: Page) => Promise<unknown> };

const h1 = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** The staff app's screens (config/paths.ts), each with data that makes it wide. */
const SCREENS: Screen[] = [
  { name: 'dashboard', path: () => '/', ready: async (page) => await h1(page, `Welcome, ${world.firstName}`) },
  {
    name: 'campaign list',
    path: () => '/campaigns',
    ready: async (page) => {
      await h1(page, 'Campaigns');
      await expect(page.getByRole('link', { name: world.title })).toBeVisible();
    },
  },
  {
    name: 'campaign editor with questions and collaborators',
    path: () => `/initiative/campaign/${world.campaignId}`,
    ready: async (page) => {
      await expect(page.getByLabel('Title')).toHaveValue(world.title);
      await expect(page.getByTestId('question-text').first()).toHaveText(world.question);
      await expect(page.getByRole('list', { name: 'Collaborators' }).getByRole('listitem').first()).toBeVisible();
    },
  },
  { name: 'new campaign', path: () => '/initiative/campaign/create', ready: async (page) => await h1(page, 'Create campaign') },
  {
    name: 'response editor',
    path: () => `/campaign/${world.campaignId}/response-editor/${world.collaboratorId}`,
    ready: async (page) => await h1(page, 'Response editor'),
  },
  {
    name: 'users',
    path: () => '/users',
    ready: async (page) => {
      await h1(page, 'Users');
      await expect(page.getByText(world.email).first()).toBeVisible();
    },
  },
  { name: 'video search', path: () => '/searchVideos', ready: async (page) => await h1(page, 'Search videos') },
  {
    name: 'responses inbox',
    path: () => `/responses?campaignId=${world.campaignId}`,
    ready: async (page) => {
      await h1(page, 'Responses');
      await expect(page.getByRole('heading', { name: 'Answers' })).toBeVisible();
    },
  },
  { name: 'guidelines', path: () => '/guidelines', ready: async (page) => await h1(page, 'Guidelines') },
  { name: 'profile', path: () => '/profile', ready: async (page) => await expect(page.getByLabel('First name')).toHaveValue(world.firstName) },
  { name: 'help', path: () => '/help', ready: async (page) => await h1(page, 'Help') },
  { name: 'request editor', path: () => '/request-editor', ready: async (page) => await h1(page, 'Request an editor') },
  { name: 'user set-up', path: () => '/user-setup', ready: async (page) => await h1(page, 'User setup') },
  { name: 'company set-up', path: () => '/company-setup', ready: async (page) => await h1(page, 'Company setup') },
  { name: 'compare videos', path: () => '/compareVideo', ready: async (page) => await h1(page, 'Compare videos') },
  { name: 'video test', path: () => '/videotest', ready: async (page) => await h1(page, 'Video test') },
];

for (const theme of ['light', 'dark'] as Theme[]) {
  test(`every staff screen fits a 360 px phone, ${theme} theme`, async ({ page }) => {
    test.setTimeout(120_000);
    // The staff layout's chat widget (a third party's script in production) is not part of this check.
    await page.route(/support-chat\.storyhive\.invalid/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/login');
    await storeTheme(page, theme);
    await page.reload();
    await signIn(page, world.email, PASSWORD);
    await expect(page.getByTestId('staff-layout')).toBeVisible();
    await expectTheme(page, theme);
    for (const screen of SCREENS) {
      await test.step(screen.name, async () => {
        await page.goto(screen.path());
        await screen.ready(page);
        await expect(page.locator('.animate-spin')).toHaveCount(0);
        await expectFits(page, screen.name);
      });
    }
    // The navigation menu of a phone, opened.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expectFits(page, 'navigation menu');
  });
}
