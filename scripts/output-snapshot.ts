/**
 * Every preset, sweep preset and study run small through the gtlab command, and a fingerprint of what
 * each wrote: results lines, summaries, CSVs and figures, byte for byte with timings and timestamps
 * taken out. Run it before and after a change that should not move a number (a refactoring, a file
 * moved) and compare:
 *
 *   node --import tsx scripts/output-snapshot.ts before.json
 *   … the change …
 *   node --import tsx scripts/output-snapshot.ts after.json --against before.json
 *
 * The second form prints every output whose fingerprint differs and exits 1 if one does. Presets run
 * with 2 trees (Othello's with 1) and sweeps with 1 tree per cell at depth ≤ 6; studies run their
 * descriptor's `example` request.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { PRESETS } from '../shared/experiments/presets.ts';
import { SWEEP_PRESETS } from '../shared/experiments/sweep-presets.ts';
import { STUDY_REGISTRY } from '../shared/studies/registry.ts';

const GTLAB = resolve(import.meta.dirname, '../cli/gtlab.js');

/** Keys whose values are clocks or machine facts, not results. */
const VOLATILE_KEY =
  /^(ms|seconds|time|elapsed|wall|cpu|host|pid|workers|startedAt|finishedAt|createdAt|updatedAt)$|[a-z](Ms|Seconds|Time|At)$/;

function gtlab(args: string[], cwd: string): string {
  const r = spawnSync(process.execPath, [GTLAB, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`gtlab ${args.join(' ')} exited ${r.status}:\n${r.stderr}`);
  return r.stdout;
}

/** A JSON value with its volatile keys removed, keys in order. */
function stable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stable);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) if (!VOLATILE_KEY.test(k)) out[k] = stable((v as Record<string, unknown>)[k]);
  return out;
}

/** A file's text as compared: JSON without its volatile keys; other text with dates and versions masked. */
function comparable(path: string): string {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.json')) return JSON.stringify(stable(JSON.parse(text)));
  if (path.endsWith('.jsonl'))
    return text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.stringify(stable(JSON.parse(l))))
      .sort()
      .join('\n');
  if (path.endsWith('.csv')) return csvWithoutClocks(text);
  if (path.endsWith('.pdf')) return text.replace(/\(D:\d{14}[^)]*\)|\/ID \[[^\]]*\]/g, '');
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, 'DATE')
    .replace(/gtlab \d+\.\d+\.\d+[^\s,;)]*/g, 'gtlab VERSION')
    .replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, 'TIME');
}

/** A CSV without its columns of clock readings (`ms`, `seconds`, `nodes_per_second`, `mm_ms`…). */
function csvWithoutClocks(text: string): string {
  const lines = text.split('\n');
  const head = lines.findIndex((l) => !l.startsWith('#'));
  if (head < 0) return text;
  const drop = new Set(
    lines[head].split(',').flatMap((c, i) => (/(^|_)(ms|seconds|nodes_per_second)$/.test(c) ? [i] : [])),
  );
  return lines
    .map((l, k) =>
      k < head
        ? l
        : l
            .split(',')
            .filter((_, i) => !drop.has(i))
            .join(','),
    )
    .join('\n');
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Every output file under `dir` but locks and logs, by its path relative to `root`. */
function fingerprints(dir: string, root: string, into: Record<string, string>): void {
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!f.isFile() || /\.(lock|log|torn)$/.test(f.name) || f.name === 'run.json') continue;
    const path = join(f.parentPath, f.name);
    into[relative(root, path)] = sha(comparable(path));
  }
}

function snapshot(): Record<string, string> {
  const root = mkdtempSync(join(tmpdir(), 'gtlab-snapshot-'));
  const out: Record<string, string> = {};
  try {
    for (const p of PRESETS) {
      const trees = p.name.startsWith('othello') ? '1' : '2';
      process.stderr.write(`preset ${p.name}\n`);
      gtlab(['run', p.name, '--out', `presets/${p.name}`, '--trees', trees, '--workers', '1', '--yes'], root);
    }
    for (const s of SWEEP_PRESETS) {
      process.stderr.write(`sweep ${s.name}\n`);
      const sweep = s.sweep();
      const base = sweep.base as { trees: number; depth: number };
      base.trees = 1;
      base.depth = Math.min(base.depth, 6);
      writeFileSync(join(root, `${s.name}.json`), JSON.stringify(sweep));
      gtlab(['sweep', `${s.name}.json`, '--out', `sweeps/${s.name}`, '--workers', '1', '--yes'], root);
      gtlab(['sweep', 'summarize', `sweeps/${s.name}`, '--out', `sweeps/${s.name}.csv`], root);
    }
    mkdirSync(join(root, 'studies'));
    for (const d of STUDY_REGISTRY) {
      process.stderr.write(`study ${d.kind}\n`);
      const file = `studies/${d.kind}`;
      gtlab(['study', d.kind, '--request', JSON.stringify(d.example), '--out', `${file}.csv`], root);
      if (d.figure) gtlab(['study', d.kind, '--request', JSON.stringify(d.example), '--figure', `${file}.svg`], root);
    }
    fingerprints(root, root, out);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

const [outFile, flag, against] = process.argv.slice(2);
if (!outFile || (flag !== undefined && (flag !== '--against' || !against))) {
  process.stderr.write('usage: output-snapshot.ts OUT.json [--against BEFORE.json]\n');
  process.exit(2);
}
const now = snapshot();
writeFileSync(outFile, `${JSON.stringify(now, null, 1)}\n`);
process.stdout.write(`${Object.keys(now).length} outputs fingerprinted in ${outFile}\n`);
if (against) {
  const before = JSON.parse(readFileSync(against, 'utf8')) as Record<string, string>;
  const names = [...new Set([...Object.keys(before), ...Object.keys(now)])].sort();
  const differ = names.filter((n) => before[n] !== now[n]);
  for (const n of differ) process.stdout.write(`differs: ${n} (${before[n] ?? 'absent'} → ${now[n] ?? 'absent'})\n`);
  process.stdout.write(
    differ.length === 0 ? `all ${names.length} outputs unchanged\n` : `${differ.length} outputs differ\n`,
  );
  process.exitCode = differ.length === 0 ? 0 : 1;
}
