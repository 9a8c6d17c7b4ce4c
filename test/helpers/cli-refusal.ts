/**
 * What a refused gtlab command must look like (exit 2, the message asked for, no stack trace or
 * internal error), and a folder's bytes, to see that a refusal changed nothing in it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import type { ProcessResult } from './gtlab-process.ts';

/** Exit 2 with a message holding (a string) or matching (a pattern) `what`, and no stack trace or internal error. */
export function expectRefused(r: ProcessResult, what: string | RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  if (typeof what === 'string') expect(r.stderr).toContain(what);
  else expect(r.stderr).toMatch(what);
  expect(r.stderr).not.toMatch(/internal error|TypeError|SyntaxError|\n\s+at /);
}

/** Every file under a folder with its bytes (base64), to see that nothing changed. */
export function snapshot(d: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (p: string) => {
    for (const n of readdirSync(p)) {
      const f = join(p, n);
      if (statSync(f).isDirectory()) walk(f);
      else out[relative(d, f)] = readFileSync(f).toString('base64');
    }
  };
  walk(d);
  return out;
}
