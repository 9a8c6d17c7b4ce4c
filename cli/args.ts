/**
 * Flag parsing for `gtlab`: node:util parseArgs (strict, so unknown flags are errors) plus typed
 * readers whose messages name the flag and the allowed range.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HelpRequested } from './help-requested.ts';
import { UsageError } from './usage-error.ts';
import { GraphError } from '../shared/game/graph.ts';
import { FormatError } from '../shared/io/format-error.ts';
import { ExportError } from '../shared/io/export-error.ts';
import { SetCoverError } from '../shared/set-cover/set-cover-instance.ts';
import { SearchLimitError } from '../shared/search/search-context.ts';
import { SpecError } from '../shared/experiments/spec.ts';
import { RunFolderError } from '../node/run-folder.ts';
import { RunFolderLockedError } from '../node/run-folder-lock.ts';
import { MergeInputError } from '../node/shard-merge.ts';
import { SlurmError } from '../node/slurm-submit.ts';
import { integerIn, notAllowedValue } from '../shared/util/range.ts';
import { StorageError } from '../node/storage.ts';

export type Flags = Record<string, string | boolean | undefined>;
export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

/** A command's flags for parse: those that take a value (`values`), then the switches. */
export function flagOptions(values: readonly string[], switches: readonly string[] = []): FlagOptions {
  return Object.fromEntries([
    ...values.map((name) => [name, { type: 'string' as const }]),
    ...switches.map((name) => [name, { type: 'boolean' as const }]),
  ]);
}

/**
 * Parse a command's flags (strict: unknown flags are usage errors). With `--help`/`-h` the command's
 * `help` text goes to stdout and HelpRequested ends the command (exit 0) before anything runs.
 */
export function parse(argv: string[], options: FlagOptions, help: string): { flags: Flags; positionals: string[] } {
  // "--depth -1" would read as two flags; join a negative number to its flag so range checks report it.
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([^=]+)$/.exec(argv[i]);
    if (m && options[m[1]]?.type === 'string' && i + 1 < argv.length && /^-\d/.test(argv[i + 1])) {
      args.push(`${argv[i]}=${argv[i + 1]}`);
      i++;
    } else args.push(argv[i]);
  }
  let parsed: { flags: Flags; positionals: string[] };
  try {
    const r = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    parsed = { flags: r.values as Flags, positionals: r.positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
  if (parsed.flags.help) {
    process.stdout.write(help);
    throw new HelpRequested();
  }
  return parsed;
}

export function str(flags: Flags, name: string): string | undefined {
  const v = flags[name];
  return typeof v === 'string' ? v : undefined;
}

export function requireStr(flags: Flags, name: string): string {
  const v = str(flags, name);
  if (v === undefined) throw new UsageError(`--${name} is required`);
  return v;
}

export function int(flags: Flags, name: string, lo: number, hi: number, fallback?: number): number {
  const s = str(flags, name);
  if (s === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required: ${integerIn(lo, hi)}`);
    return fallback;
  }
  const v = Number(s);
  if (!/^[+-]?\d+$/.test(s.trim()) || !Number.isSafeInteger(v) || v < lo || v > hi) {
    throw new UsageError(`--${name} ${notAllowedValue(s, integerIn(lo, hi))}`);
  }
  return v;
}

export function num(flags: Flags, name: string, lo: number, hi: number, fallback?: number): number {
  const s = str(flags, name);
  if (s === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required: a number in [${lo}, ${hi}]`);
    return fallback;
  }
  const v = Number(s);
  if (s.trim() === '' || !Number.isFinite(v) || v < lo || v > hi) {
    throw new UsageError(`--${name} ${s} is not allowed: it must be a number in [${lo}, ${hi}]`);
  }
  return v;
}

/** "MIN..MAX" or a single integer N (= N..N). */
export function intRange(flags: Flags, name: string, lo: number, hi: number): [number, number] {
  const s = str(flags, name);
  if (s === undefined) throw new UsageError(`--${name} is required: MIN..MAX or N, integers in [${lo}..${hi}]`);
  const m = /^\s*([+-]?\d+)\s*(?:\.\.\s*([+-]?\d+)\s*)?$/.exec(s);
  if (!m) throw new UsageError(`--${name} ${s} is not allowed: write MIN..MAX or N (integers)`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  for (const v of [a, b]) {
    if (!Number.isSafeInteger(v) || v < lo || v > hi)
      throw new UsageError(`--${name} ${s} is not allowed: both ends must be integers in [${lo}..${hi}]`);
  }
  if (a > b) throw new UsageError(`--${name} ${s} is not allowed: MIN (${a}) must be ≤ MAX (${b})`);
  return [a, b];
}

export function choice<T extends string>(flags: Flags, name: string, allowed: readonly T[], fallback?: T): T {
  const s = str(flags, name);
  if (s === undefined) {
    if (fallback === undefined) throw new UsageError(`--${name} is required: one of ${allowed.join(', ')}`);
    return fallback;
  }
  if (!(allowed as readonly string[]).includes(s))
    throw new UsageError(`--${name} ${s} is not allowed: use one of ${allowed.join(', ')}`);
  return s as T;
}

/** Errors of the engine that mean "bad input": they become a UsageError (exit code 2). */
const INPUT_ERRORS = [
  RangeError,
  GraphError,
  FormatError,
  ExportError,
  SetCoverError,
  SearchLimitError,
  SpecError,
  RunFolderError,
  RunFolderLockedError,
  MergeInputError,
  SlurmError,
  StorageError,
];

/** Run an engine call (a parameter check, an export, …), turning its input errors into UsageErrors. */
export function checked<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw asUsageError(e);
  }
}

/** `checked` for an async engine call. */
export async function checkedAsync<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw asUsageError(e);
  }
}

function asUsageError(e: unknown): unknown {
  return INPUT_ERRORS.some((k) => e instanceof k) ? new UsageError((e as Error).message) : e;
}

/** An optional string flag that must match `pattern`; `allowed` says what it may be. */
export function matching(flags: Flags, name: string, pattern: RegExp, allowed: string): string | undefined {
  const v = str(flags, name);
  if (v !== undefined && !pattern.test(v)) throw new UsageError(`--${name} ${v} is not allowed: ${allowed}`);
  return v;
}
