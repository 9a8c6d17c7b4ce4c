/**
 * Outputs moved into a folder all at once: a failing writer leaves the folder as it was, the marking
 * file (run.json) is replaced last, and a temporary folder left by a dead process is removed.
 */
import { describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOutputsAtomically } from '../../node/atomic-outputs.ts';

const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'gtlab-atomic-'));
  writeFileSync(join(dir, 'spec.json'), '{}');
  return dir;
};

describe('writeOutputsAtomically', () => {
  test('the files written appear in the folder, run.json replaced; the temporary folder is gone', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'run.json'), 'old');
    const got = await writeOutputsAtomically(dir, 'run.json', async (tmp) => {
      writeFileSync(join(tmp, 'results.jsonl'), 'lines\n');
      writeFileSync(join(tmp, 'run.json'), 'new');
      return 7;
    });
    expect(got).toBe(7);
    expect(readdirSync(dir).sort()).toEqual(['results.jsonl', 'run.json', 'spec.json']);
    expect(readFileSync(join(dir, 'run.json'), 'utf8')).toBe('new');
  });

  test('a writer that fails midway leaves the folder as it was', async () => {
    const dir = fresh();
    writeFileSync(join(dir, 'run.json'), 'old');
    await expect(
      writeOutputsAtomically(dir, 'run.json', async (tmp) => {
        writeFileSync(join(tmp, 'results.jsonl'), 'lines\n');
        writeFileSync(join(tmp, 'run.json'), 'new');
        throw new Error('planted');
      }),
    ).rejects.toThrow('planted');
    expect(readdirSync(dir).sort()).toEqual(['run.json', 'spec.json']);
    expect(readFileSync(join(dir, 'run.json'), 'utf8')).toBe('old');
    // a writer that forgets the marking file is a failure too
    await expect(
      writeOutputsAtomically(dir, 'run.json', async (tmp) => writeFileSync(join(tmp, 'x'), '')),
    ).rejects.toThrow(/run\.json was not written/);
    expect(readdirSync(dir).sort()).toEqual(['run.json', 'spec.json']);
  });

  test('a temporary folder of a dead process is removed; one of a live process is kept', async () => {
    const dir = fresh();
    // pid 2^22 + 1 is above Linux's pid_max ceiling, so no process has it
    const dead = join(dir, `.outputs-tmp-${2 ** 22 + 1}-x`);
    const live = join(dir, `.outputs-tmp-${process.pid}-y`);
    mkdirSync(dead);
    mkdirSync(live);
    await writeOutputsAtomically(dir, 'run.json', async (tmp) => writeFileSync(join(tmp, 'run.json'), 'new'));
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});
