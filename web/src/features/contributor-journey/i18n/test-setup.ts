import { beforeEach } from 'vitest';
import english from './catalogs/en.json';
import { activate } from './i18n';

// Vitest: the collaborator pages in English (their tests read the English texts), whatever a
// previous test switched to.
beforeEach(() => activate('en', english));
