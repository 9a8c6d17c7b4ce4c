#!/usr/bin/env node
/**
 * Run shell commands side by side, as many at once as the machine has cores, for the checks of
 * `npm test` that each use one core (the type-checks, lint, knip): `node scripts/run-together.mjs
 * 'CMD' 'CMD' …`. Each command's output is printed whole once it ends, under its command line, so
 * outputs never interleave. Every command runs to its end; the exit code is 0 only if every one
 * exited 0, and the commands that failed are named last.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const commands = process.argv.slice(2);
const failed = [];

/** Run `command` in a shell, output captured; print it when it ends, and note a failure. */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => out.push(b));
    child.on('close', (code, signal) => {
      const text = Buffer.concat(out).toString();
      process.stdout.write(`> ${command}\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}`);
      if (code !== 0) failed.push(`${command} (${signal ?? `exit ${code}`})`);
      resolve();
    });
  });
}

let next = 0;
const lane = async () => {
  while (next < commands.length) await run(commands[next++]);
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), commands.length) }, lane));
if (failed.length > 0) {
  process.stderr.write(`failed:\n${failed.map((c) => `  ${c}\n`).join('')}`);
  process.exitCode = 1;
}
