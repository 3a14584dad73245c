import { isContributorPath } from './config/entry';

/**
 * Chooses the app by path before anything else loads: the contributor pages (opened on a phone,
 * often on a weak connection) get their own small entry; every other path the staff app.
 * The production build makes the contributor entry with Preact (vite.contributor.config.ts) and
 * passes its files here; the dev server loads it from source.
 */
declare const __CONTRIBUTOR_ENTRY__: { js: string; css: string[] } | null;

function loadContributorEntry(entry: { js: string; css: string[] }) {
  for (const href of entry.css) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.src = entry.js;
  document.head.append(script);
}

if (isContributorPath(window.location.pathname)) {
  if (__CONTRIBUTOR_ENTRY__) loadContributorEntry(__CONTRIBUTOR_ENTRY__);
  else void import('./contributor-main');
} else {
  void import('./main');
}
