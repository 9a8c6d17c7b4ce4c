/** The `gtlab` command as a user runs it: a real child process, real files, exit codes. */
import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGraphFile } from '../../shared/io/graph-file.ts';
import { parseProofFile } from '../../shared/io/proof-file.ts';
import { ExplicitGame } from '../../shared/game/explicit-game.ts';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { alphaBeta } from '../../shared/search/alpha-beta.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { minimumProofTree } from '../../shared/proof/minimax-proof-tree.ts';
import { gtlabFolder } from '../helpers/gtlab-process.ts';
import { generatePrefixValue } from '../helpers/generate-args.ts';

const { dir, gtlab } = gtlabFolder('gtlab-cli-');

describe('gtlab generate / solve / search / validate', () => {
  test('a prefix value tree round trip: the numbers match the library on the same tree', () => {
    const g = gtlab(...generatePrefixValue('5', '2..4', '6', 'pv.json', { noise: '4', seed: '7' }), '--json');
    expect(g.stderr).toBe('');
    expect(g.code).toBe(0);
    const graph = parseGraphFile(readFileSync(join(dir, 'pv.json'), 'utf8'));
    expect(JSON.parse(g.stdout).nodes).toBe(graph.nodeCount);
    expect(graph.meta).toMatchObject({ model: 'prefix-value', seed: 7, generator: 'game-tree-lab 0.1.0' });

    const s = gtlab('search', 'pv.json', '--algorithm', 'alphabeta', '--ordering', 'estimate', '--json');
    expect(s.code).toBe(0);
    const sj = JSON.parse(s.stdout);
    // The same tree searched implicitly must give the same value and counts as its file.
    const direct = alphaBeta(
      new PrefixValueTree({ height: 5, bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 4 }, seed: 7 }),
      5,
      { ordering: estimateOrdering },
    );
    expect(sj).toMatchObject({
      value: direct.value,
      visited: direct.counters.visited,
      expanded: direct.counters.expanded,
      leaves: direct.counters.leaves,
    });

    const v = gtlab('solve', 'pv.json', '--proof', 'minimax', '--out', 'pv-proof.json', '--json');
    expect(v.code).toBe(0);
    const vj = JSON.parse(v.stdout);
    const mpt = minimumProofTree(graph);
    expect(vj).toMatchObject({ value: 0, nodes: graph.nodeCount, mpt: mpt.size });
    expect(vj.mpt).toBeLessThanOrEqual(sj.visited);
    expect(parseProofFile(readFileSync(join(dir, 'pv-proof.json'), 'utf8')).nodes.length).toBe(mpt.size);

    const ok = gtlab('validate', 'pv.json', 'pv-proof.json');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^valid minimax proof graph/);
  });

  test('validate rejects a proof with a node removed, exit 1 with the reason', () => {
    gtlab(
      'generate',
      'uniform',
      '--degree',
      '3',
      '--depth',
      '4',
      '--values',
      '-5..5',
      '--seed',
      '2',
      '--out',
      'u.json',
    );
    expect(gtlab('solve', 'u.json', '--out', 'u-proof.json').code).toBe(0);
    const proof = JSON.parse(readFileSync(join(dir, 'u-proof.json'), 'utf8'));
    proof.nodes.pop();
    proof.size = proof.nodes.length;
    writeFileSync(join(dir, 'u-bad.json'), JSON.stringify(proof));
    const r = gtlab('validate', 'u.json', 'u-bad.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid minimax proof/);
  });

  test('target proofs, Li trees and exports by extension', () => {
    expect(
      gtlab(
        'generate',
        'li',
        '--depth',
        '6',
        '--p0',
        '0.5',
        '--f1',
        '0.4',
        '--f2',
        '0.3',
        '--seed',
        '3',
        '--out',
        'li.json',
      ).code,
    ).toBe(0);
    const li = parseGraphFile(readFileSync(join(dir, 'li.json'), 'utf8'));
    const root = new ExplicitGame(li).solved[li.root];
    const t = gtlab(
      'solve',
      'li.json',
      '--proof',
      'target',
      '--target',
      String(root),
      '--out',
      'li-proof.json',
      '--json',
    );
    expect(t.code).toBe(0);
    expect(gtlab('validate', 'li.json', 'li-proof.json').code).toBe(0);
    for (const ext of ['dot', 'graphml', 'tex']) {
      expect(gtlab(...generatePrefixValue('3', '2', '3', `small.${ext}`)).code).toBe(0);
    }
    expect(readFileSync(join(dir, 'small.dot'), 'utf8')).toMatch(/^digraph/);
    expect(readFileSync(join(dir, 'small.graphml'), 'utf8')).toMatch(/<graphml/);
    expect(readFileSync(join(dir, 'small.tex'), 'utf8')).toMatch(/forest/);
  });
});

describe('bad input: exit 2, the field named, nothing written', () => {
  const cases: [string, string[], RegExp][] = [
    ['negative depth', generatePrefixValue('-1', '2..4', '6', 'bad.json'), /--depth -1 is not allowed/],
    [
      'MIN > MAX',
      generatePrefixValue('3', '5..4', '6', 'bad.json'),
      /--branching 5\.\.4.*MIN \(5\) must be ≤ MAX \(4\)/,
    ],
    ['unknown model', ['generate', 'chess', '--out', 'bad.json'], /unknown model "chess"/],
    [
      'oversized tree',
      generatePrefixValue('12', '4..12', '6', 'bad.json'),
      /about [\d,]+ nodes.*--max-nodes 2000000; lower --depth/,
    ],
    [
      'p0 out of range',
      [
        'generate',
        'li',
        '--depth',
        '4',
        '--p0',
        '1.5',
        '--f1',
        '0.4',
        '--f2',
        '0.3',
        '--seed',
        '1',
        '--out',
        'bad.json',
      ],
      /--p0 1\.5 is not allowed/,
    ],
    ['unknown extension', generatePrefixValue('2', '2', '1', 'bad.txt'), /\.json/],
    ['unknown algorithm', ['search', 'missing.json', '--algorithm', 'pns'], /--algorithm pns is not allowed/],
    ['missing file', ['search', 'missing.json', '--algorithm', 'alphabeta'], /missing\.json: no such file/],
  ];
  for (const [name, args, message] of cases) {
    test(name, () => {
      const r = gtlab(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
      expect(existsSync(join(dir, 'bad.json'))).toBe(false);
      expect(existsSync(join(dir, 'bad.txt'))).toBe(false);
    });
  }

  test('a malformed graph file names the field and node', () => {
    writeFileSync(
      join(dir, 'broken.json'),
      JSON.stringify({
        format: 'gtlab-graph',
        version: 1,
        kind: 'tree',
        root: 0,
        nodeCount: 2,
        player: [0, 1],
        value: [null, 2.5],
        childOffsets: [0, 1, 1],
        children: [1],
        meta: { model: 'x', params: {}, seed: null, generator: 'x' },
      }),
    );
    const r = gtlab('solve', 'broken.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json: value\[1\]: 2\.5 is not allowed/);
  });

  test('every command answers --help with exit 0', () => {
    for (const cmd of [[], ['generate'], ['solve'], ['search'], ['validate']]) {
      const r = gtlab(...cmd, '--help');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/gtlab/);
    }
  });
});
