// Benchmark of the public share page (issue 22), run by infra/scripts/bench-public.sh against a
// local gateway it started (not a test: it prints figures and writes them as JSON).
//
//   BASE=http://localhost:3700 TAKE=/tmp/take.webm node infra/scripts/bench/public_pages.mjs
//
// 1. Makes one published story as people would: staff (the seeded demo admin) create an
//    initiative, tag, campaign and question through the API and invite a collaborator; the
//    collaborator uploads TAKE in the browser studio; the media worker converts it; staff approve
//    it and publish it (POST /api/publications).
// 2. Beacon throughput: BEACONS beacons (POST /api/public/beacons) at CONCURRENCY, from CLIENTS
//    simulated addresses (X-Forwarded-For, which the local gateway trusts from a loopback peer as
//    it would from the dev proxy; each address under the budget of 600 per 10 minutes), then
//    BUDGET_PROBE beacons from one more address to show the budget; the staff API's figures must
//    grow by exactly the beacons that were counted.
// 3. Largest contentful paint of /v/<slug> and /embed/<slug> under Lighthouse's mobile settings,
//    emulated through CDP (Lighthouse's "devtools" throttling values), RUNS fresh contexts each.
//
// Environment: BASE, TAKE (a WebM), RUNS (10), BEACONS (2000), CONCURRENCY (50), CLIENTS (10),
// BUDGET_PROBE (700), CHROMIUM_PATH (/usr/bin/chromium), OUT (a JSON file of the figures).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(join(ROOT, 'web/package.json'));
const { chromium } = require('playwright-core');

const BASE = (process.env.BASE ?? 'http://localhost:3700').replace(/\/+$/, '');
const TAKE = process.env.TAKE;
const RUNS = Number(process.env.RUNS ?? 10);
const BEACONS = Number(process.env.BEACONS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const CLIENTS = Number(process.env.CLIENTS ?? 10);
const BUDGET_PROBE = Number(process.env.BUDGET_PROBE ?? 700);
const BEACON_BUDGET = 600; // functions/public-pages/src/service.rs: BEACONS_PER_CLIENT
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN = 'admin@storyhive-demo.org';
const PASSWORD = 'Storyhive-Demo-2026!'; // the seeded demo staff users' password
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic'];

// Lighthouse's mobile defaults (core/config/constants.js): a Moto G Power, 412x823 at 1.75, and
// "slow 4G" (rttMs 150, throughputKbps 1638.4, cpuSlowdownMultiplier 4). Through DevTools
// throttling Lighthouse applies requestLatencyMs = 150 x 3.75, download 1638.4 x 0.9 kbps and
// upload 750 x 0.9 kbps; those are the values used here.
const MOBILE_UA = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36';
const THROTTLING = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: Math.floor((1638.4 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
};
const CPU_SLOWDOWN = 4;

const log = (...args) => console.log('   ', ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(values, q) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: p95 of 10 runs is the slowest.
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

// ------------------------------------------------------------------ the staff API
let token = '';
async function api(method, path, body) {
  const res = await fetch(`${BASE}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api${path} -> ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function waitFor(what, check, timeoutMs, intervalMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await check();
    if (last === true) return;
    await sleep(intervalMs);
  }
  throw new Error(`gave up waiting for ${what} (last: ${last})`);
}

async function makeStory(browser) {
  token = (await api('POST', '/auth/login', { email: ADMIN, password: PASSWORD })).accessToken;
  const suffix = `${Date.now().toString(36)}`;
  const letters = Array.from({ length: 5 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');
  const initiative = await api('POST', '/initiative/add', { name: `Benchmark ${suffix}` });
  const tag = await api('POST', '/tags/add', { name: `bench-${suffix}`.slice(0, 30) });
  const campaign = await api('POST', '/campaign/add', {
    title: `Harbour voices (benchmark ${suffix})`,
    description: 'A story published by the public pages benchmark.',
    initiativeId: initiative.id, type: 'targeted', visibility: 'public', mode: 'landscape',
    deadline: '2030-06-01', expiryDate: '2030-06-30', tags: [tag.id],
  });
  await api('POST', '/question/add', { campaignId: campaign.id, question: 'What does the harbour mean to you?' });
  await api('PUT', `/campaign/complete/${campaign.id}`);
  const questionId = (await api('GET', `/question/list/${campaign.id}`))[0].campaignQuestionId;
  const invited = await api('POST', '/campaign/add-contributor', {
    campaignId: campaign.id, email: `bench-${letters}-${suffix}@example.org`, firstName: 'Maya', lastName: `Bench${letters}`,
  });
  const { contributorId, inviteLink } = invited.contributor;

  // The collaborator records by uploading the take in the studio.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(inviteLink);
  await page.getByRole('checkbox', { name: /I agree to be recorded/ }).check();
  await page.getByRole('button', { name: /Get started|Continue your journey/ }).last().click();
  await page.waitForURL(/\/contributor-journey$/);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.getByTestId('studio').waitFor();
  await page.getByTestId('upload-file').setInputFiles(TAKE);
  const take = page.getByRole('dialog', { name: 'Your take' });
  await take.waitFor();
  await take.getByRole('button', { name: 'Review Videos for Submission' }).click();
  await page.getByText('1 of 1 answers safely stored').waitFor({ timeout: 120_000 });
  await context.close();

  await waitFor('the media worker to convert the take', async () => {
    const res = await fetch(`${BASE}/api/campaign/video-info/${campaign.id}/${contributorId}/${questionId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const status = res.ok ? (await res.json()).status : `${res.status}`;
    return status === 'ready' || status;
  }, 300_000);
  await api('PUT', '/campaign/answer-review', { campaignId: campaign.id, contributorId, journeyId: questionId, status: 'approved' });
  return api('POST', '/publications', {
    kind: 'answer', campaignId: campaign.id, contributorId, questionId, title: `The harbour at dawn (${suffix})`,
  });
}

const stats = async (publicationId) => (await api('GET', `/publications/${publicationId}`)).stats;

// ------------------------------------------------------------------ beacons
// A desktop browser's user agent: the route does not count robots (headless, curl/, node-fetch...).
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Safari/537.36';

async function fireBeacons(slug, total, concurrency, addressOf) {
  const latencies = [];
  const statuses = {};
  const events = { view: 0, play: 0 };
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < total) {
      const i = next++;
      const event = i % 2 === 0 ? 'view' : 'play';
      const t0 = performance.now();
      let status;
      try {
        const res = await fetch(`${BASE}/api/public/beacons`, {
          method: 'POST',
          // As navigator.sendBeacon sends a string.
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER_UA, 'x-forwarded-for': addressOf(i) },
          body: JSON.stringify({ slug, event }),
        });
        await res.arrayBuffer();
        status = String(res.status);
      } catch (error) {
        status = `error (${error.cause?.code ?? error.message})`;
      }
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === '202') events[event]++;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    total, concurrency, seconds,
    perSecond: total / seconds,
    p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), max: Math.max(...latencies),
    statuses, events,
  };
}

async function beaconBench(publicationId, slug) {
  const before = await stats(publicationId);
  // Warm up the connection pool and the gateway (not counted in the figures, counted in the views).
  const warm = await fireBeacons(slug, 20, 10, () => '198.51.100.250');
  const main = await fireBeacons(slug, BEACONS, CONCURRENCY, (i) => `198.51.100.${(i % CLIENTS) + 1}`);
  await sleep(500);
  const afterMain = await stats(publicationId);
  const probe = await fireBeacons(slug, BUDGET_PROBE, CONCURRENCY, () => '203.0.113.7');
  await sleep(500);
  const afterProbe = await stats(publicationId);
  const accepted = (r) => r.events.view + r.events.play;
  const delta = (a, b) => ({ views: b.views - a.views, plays: b.plays - a.plays });
  const warmMain = { views: warm.events.view + main.events.view, plays: warm.events.play + main.events.play };
  return {
    warm, main, probe,
    countedMain: delta(before, afterMain), expectedMain: warmMain,
    countedProbe: delta(afterMain, afterProbe),
    expectedProbe: Math.min(accepted(probe), BEACON_BUDGET),
    perClientMain: Math.ceil(BEACONS / CLIENTS),
  };
}

// ------------------------------------------------------------------ largest contentful paint
const OBSERVE = () => {
  window.__bench = { lcp: [], fcp: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__bench.lcp.push({
        startTime: entry.startTime,
        size: entry.size,
        url: entry.url || '',
        element: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}` : '(removed)',
        at: performance.now(),
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
};

function kindOf(type, url, mime) {
  if (type === 'Document') return 'html';
  if (type === 'Script') return 'js';
  if (type === 'Stylesheet') return 'css';
  if (type === 'Image') return /poster/.test(url) ? 'poster' : 'image';
  if (type === 'Media') return 'video';
  if (type === 'Font') return 'font';
  if (type === 'Ping' || /\/api\/public\/beacons/.test(url)) return 'beacon';
  if (/text\/vtt/.test(mime) || /captions/.test(url)) return 'captions';
  return 'other';
}

async function lcpRun(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, userAgent: MOBILE_UA,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type, mime: e.response.mimeType, status: e.response.status }));
  cdp.on('Network.loadingFinished', (e) => { const r = requests.get(e.requestId); if (r) r.bytes = e.encodedDataLength; });
  cdp.on('Network.dataReceived', (e) => { const r = requests.get(e.requestId); if (r) r.partial = (r.partial ?? 0) + e.encodedDataLength; });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', THROTTLING);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(OBSERVE);
  const response = await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
  if (response?.status() !== 200) throw new Error(`${url} -> ${response?.status()}`);
  // Load has settled when no new LCP candidate came for 3 s (at most 30 s after load).
  const loadedAt = Date.now();
  let result;
  for (;;) {
    await sleep(500);
    result = await page.evaluate(() => ({ ...window.__bench, now: performance.now() }));
    const last = result.lcp.at(-1);
    const quiet = last ? result.now - last.at : result.now;
    if ((Date.now() - loadedAt >= 3000 && last && quiet >= 3000) || Date.now() - loadedAt > 30_000) break;
  }
  // (Not responseStart: DevTools throttling delays what the page receives, not the network
  // stack's own timing, so the navigation entry's TTFB is the unthrottled one.)
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
  });
  const bytes = {};
  for (const r of requests.values()) {
    const kind = kindOf(r.type, r.url, r.mime);
    bytes[kind] = (bytes[kind] ?? 0) + (r.bytes ?? r.partial ?? 0);
  }
  await context.close();
  const last = result.lcp.at(-1);
  return { lcp: last?.startTime ?? NaN, element: last?.element ?? '(none)', lcpUrl: last?.url ?? '', fcp: result.fcp ?? NaN, ...timing, bytes };
}

async function lcpBench(browser, path) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await lcpRun(browser, `${BASE}${path}`);
    runs.push(run);
    log(`${path} run ${i + 1}/${RUNS}: LCP ${run.lcp.toFixed(0)} ms (${run.element}), FCP ${run.fcp.toFixed(0)} ms`);
  }
  const elements = {};
  for (const r of runs) elements[r.element] = (elements[r.element] ?? 0) + 1;
  const kinds = [...new Set(runs.flatMap((r) => Object.keys(r.bytes)))];
  const bytes = Object.fromEntries(kinds.map((k) => [k, quantile(runs.map((r) => r.bytes[k] ?? 0), 0.5)]));
  const pick = (key) => ({ p50: quantile(runs.map((r) => r[key]), 0.5), p95: quantile(runs.map((r) => r[key]), 0.95) });
  return { path, runs: runs.length, lcp: pick('lcp'), fcp: pick('fcp'), load: pick('load'), elements, lcpUrl: runs.at(-1).lcpUrl, bytes };
}

// ------------------------------------------------------------------ main
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${Math.round(n)} ms`;

async function main() {
  if (!TAKE) throw new Error('TAKE (a WebM take) is not set');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    console.log('==> Publishing one story (staff API, studio upload, media worker, approval)');
    const t0 = Date.now();
    const story = await makeStory(browser);
    log(`published ${story.shareUrl} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);

    console.log(`==> Beacons: ${BEACONS} at concurrency ${CONCURRENCY} from ${CLIENTS} addresses, then ${BUDGET_PROBE} from one`);
    const beacons = await beaconBench(story.publicationId, story.slug);
    const m = beacons.main;
    log(`${m.perSecond.toFixed(0)} beacons/s, p50 ${ms(m.p50)}, p95 ${ms(m.p95)}, statuses ${JSON.stringify(m.statuses)}`);
    log(`counted ${JSON.stringify(beacons.countedMain)}, sent (with ${beacons.warm.total} warm-up) ${JSON.stringify(beacons.expectedMain)}`);
    const p = beacons.probe;
    log(`one address: ${p.perSecond.toFixed(0)} beacons/s, statuses ${JSON.stringify(p.statuses)}, counted ${JSON.stringify(beacons.countedProbe)} (budget ${BEACON_BUDGET})`);

    console.log(`==> Largest contentful paint, Lighthouse mobile settings (devtools throttling), ${RUNS} runs each`);
    const share = await lcpBench(browser, `/v/${story.slug}`);
    const embed = await lcpBench(browser, `/embed/${story.slug}`);

    const mainOk = beacons.countedMain.views === beacons.expectedMain.views && beacons.countedMain.plays === beacons.expectedMain.plays;
    const probeCounted = beacons.countedProbe.views + beacons.countedProbe.plays;
    const probeOk = probeCounted === beacons.expectedProbe;
    const lines = [
      '',
      `| figure | value |`,
      `|---|---|`,
      ...[share, embed].map((r) =>
        `| \`${r.path.replace(story.slug, '<slug>')}\` LCP p50 / p95 (${r.runs} runs) | ${ms(r.lcp.p50)} / ${ms(r.lcp.p95)}; FCP ${ms(r.fcp.p50)} / ${ms(r.fcp.p95)}; load event ${ms(r.load.p50)}; LCP element ${Object.entries(r.elements).map(([e, n]) => `${e} (${n})`).join(', ')} |`),
      ...[share, embed].map((r) =>
        `| \`${r.path.replace(story.slug, '<slug>')}\` bytes transferred (median) | ${Object.entries(r.bytes).filter(([, v]) => v > 0).sort().map(([k, v]) => `${k} ${kb(v)}`).join(', ')} |`),
      `| beacons, ${m.total} at concurrency ${m.concurrency}, ${CLIENTS} addresses | ${m.perSecond.toFixed(0)}/s; p50 ${ms(m.p50)}, p95 ${ms(m.p95)}, max ${ms(m.max)}; ${JSON.stringify(m.statuses)} |`,
      `| counted through the staff API | views +${beacons.countedMain.views}, plays +${beacons.countedMain.plays} for ${beacons.expectedMain.views} + ${beacons.expectedMain.plays} accepted: ${mainOk ? 'each once' : 'MISMATCH'} |`,
      `| one address, ${p.total} beacons (budget ${BEACON_BUDGET} / 10 min) | ${p.perSecond.toFixed(0)}/s; ${JSON.stringify(p.statuses)}; counted ${probeCounted} (expected ${beacons.expectedProbe}): ${probeOk ? 'as the budget says' : 'MISMATCH'} |`,
    ];
    console.log(lines.join('\n'));
    if (process.env.OUT) {
      writeFileSync(process.env.OUT, JSON.stringify({ story: { slug: story.slug, durationSeconds: story.durationSeconds }, throttling: THROTTLING, cpuSlowdown: CPU_SLOWDOWN, share, embed, beacons, mainOk, probeOk }, null, 2));
    }
    if (!mainOk || !probeOk) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
