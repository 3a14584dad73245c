import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The public pages' scripts (web/public/p/, served as they are): the share page's JavaScript has
 * a budget of 20 KB gzip (issue 22); the wall and its one-tag embed stay as small. No framework
 * and no import: each is one file the browser runs as it is.
 */
// Vitest runs in web/.
const file = (name: string) => readFileSync(resolve(process.cwd(), 'public/p', name));

describe('the public pages scripts', () => {
  it.each(['share.js', 'wall.js', 'wall-embed.js'])('%s is within 20 KB gzip and imports nothing', (name) => {
    const source = file(name);
    expect(gzipSync(source).length).toBeLessThanOrEqual(20 * 1024);
    expect(source.toString()).not.toMatch(/^\s*import\s/m);
  });
});
