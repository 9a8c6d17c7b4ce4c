import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { VERSION } from '../shared/version.ts';

test("the recorded version is package.json's", () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  expect(VERSION).toBe(pkg.version);
});
