/**
 * A run's outputs follow from its spec, not its name (node/run-outputs.ts): a spec file derived from
 * the Figure 4 preset under another name gets the reductions with intervals in `--json`, the report
 * and the figure; and the same spec run by the app's run host (run folders, as the desktop app keeps
 * them) leaves the same files, with summary.json and fig4-summary.json byte for byte.
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { parseSpec } from '../../shared/experiments/spec.ts';
import { RunHost } from '../../shared/host/run-host.ts';
import { FolderRunStore } from '../../node/run-folder-store.ts';
import { spawnInProcessWorker } from '../helpers/in-process-worker.ts';
import type { RunEvent } from '../../shared/api/contract.ts';

const { dir, gtlab } = gtlabFolder('gtlab-run-outputs-');
const spec = parseSpec({ ...presetSpec('furtak-buro-fig4', { trees: 3, depth: 4 }), name: 'my-reading' });
writeFileSync(join(dir, 'my-reading.json'), JSON.stringify(spec));

describe('outputs from the spec', () => {
  test('a renamed Figure 4 spec: --json has the reductions with intervals, the folder the report and figure', () => {
    const r = gtlab('run', 'my-reading.json', '--workers', '1', '--out', 'cli', '--json');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { reduction: Record<string, number>; reductionCi95: Record<string, number[]> };
    expect(Object.keys(out.reduction).sort()).toEqual(['alphabeta', 'mtdf', 'negascout']);
    for (const ci of Object.values(out.reductionCi95)) expect(ci).toHaveLength(2);
    expect(readdirSync(join(dir, 'cli'))).toEqual(
      expect.arrayContaining(['fig4-summary.json', 'report.md', 'figure.svg', 'figure.pdf', 'figure.png']),
    );
  });

  test("the app's run folder of the same spec holds the same files, its summaries byte for byte", async () => {
    const store = new FolderRunStore(join(dir, 'app-runs'));
    const events: RunEvent[] = [];
    const host = new RunHost({ store, spawn: spawnInProcessWorker, workers: 1, emit: (e) => events.push(e) });
    const id = await host.startRun(spec);
    while (!events.some((e) => e.runId === id && e.type === 'finished')) await new Promise((r) => setTimeout(r, 20));
    host.close();
    const app = join(dir, 'app-runs', id);
    const cli = join(dir, 'cli');
    expect(readdirSync(app).sort()).toEqual(readdirSync(cli).sort());
    for (const f of ['summary.json', 'fig4-summary.json', 'results.csv'])
      expect(readFileSync(join(app, f), 'utf8'), f).toBe(readFileSync(join(cli, f), 'utf8'));
  });
});
