import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { PrefixValueTree, type PrefixValueParams } from '../../shared/models/prefix-value.ts';
import { prefixValueWasmUnavailable } from '../../shared/models/prefix-value-wasm.ts';
import { below, childHash, mix32, SALT_BRANCH, SALT_NOISE, SALT_ZERO } from '../../shared/util/hash.ts';

// PrefixValueTree draws a node's children in WebAssembly (../../shared/models/prefix-value-rows.ts), one tree
// holding the rows at a time. Held here to the model's definition, written out from ../../shared/util/hash.ts
// (Furtak & Buro 2009, Sec. 7: p(v_i) = −p(v) − d_i(v), one zero-damage move), on walks that take several
// trees in turn, and to the tree's own TypeScript rows (the same module loaded with the WebAssembly rows off).

/** The children of the node (state h, prefix value v) at `ply`: states, values and integer estimate keys. */
function reference(p: PrefixValueParams, h: number, v: number, ply: number) {
  const hash: number[] = [];
  const value: number[] = [];
  const key: number[] = [];
  if (ply >= p.height) return { hash, value, key };
  const bspan = p.bmax - p.bmin + 1;
  const b = bspan === 1 ? p.bmin : p.bmin + below(mix32(h ^ SALT_BRANCH), bspan);
  const z = (p.zeroDamage ?? true) ? below(mix32(h ^ SALT_ZERO), b) : -1;
  const e = p.noise?.kind === 'uniform' ? p.noise.e : 0;
  for (let i = 0; i < b; i++) {
    const hc = childHash(h, i);
    const cv = -v + (i === z ? 0 : below(hc, p.damage + 1));
    hash.push(hc);
    value.push(cv);
    key.push(e - cv - below(mix32(hc ^ SALT_NOISE), 2 * e + 1));
  }
  return { hash, value, key };
}

const params = fc.record({
  height: fc.integer({ min: 1, max: 9 }),
  bmin: fc.integer({ min: 1, max: 6 }),
  extra: fc.integer({ min: 0, max: 58 }),
  damage: fc.integer({ min: 0, max: 1_000_000 }),
  e: fc.option(fc.integer({ min: 0, max: 1000 }), { nil: undefined }),
  zeroDamage: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 }),
  tree: fc.integer({ min: 0, max: 1000 }),
});

function toParams(r: typeof params extends fc.Arbitrary<infer T> ? T : never): PrefixValueParams {
  return {
    height: r.height,
    bmin: r.bmin,
    bmax: Math.min(64, r.bmin + r.extra),
    damage: r.damage,
    noise: r.e === undefined ? undefined : { kind: 'uniform', e: r.e },
    zeroDamage: r.zeroDamage,
    seed: r.seed,
    tree: r.tree,
  };
}

type Step = { tree: number; op: number; child: number };

/**
 * Walk `trees` in turn as `steps` say (expand, descend into a child, ascend, or read the rows again), checking
 * every row read against the reference; `make` builds tree `index`.
 */
function walk(
  ps: PrefixValueParams[],
  steps: Step[],
  make: (p: PrefixValueParams, index: number) => PrefixValueTree,
): void {
  const trees = ps.map(make);
  // per tree: the path's (state, value) and the children of its last node, once expanded
  const paths = trees.map((g) => [{ h: g.keyLo() | 0, v: g.evaluate() }]);
  const expanded: (ReturnType<typeof reference> | null)[] = trees.map(() => null);
  const out = new Int32Array(200);
  const check = (t: number) => {
    const g = trees[t];
    const r = expanded[t]!;
    const n = r.hash.length;
    for (let i = 0; i < n; i++) expect(g.childValue(i)).toBe(r.value[i]);
    if (n > 0) {
      out.fill(7);
      g.childEstimatesInt(out, 3, n);
      expect(Array.from(out.subarray(3, 3 + n))).toEqual(r.key);
      expect(out[2]).toBe(7);
      expect(out[3 + n]).toBe(7);
    }
  };
  for (const s of steps) {
    const t = s.tree % trees.length;
    const g = trees[t];
    const path = paths[t];
    const node = path[path.length - 1];
    if (s.op === 0 || expanded[t] === null) {
      const r = reference(ps[t], node.h, node.v, g.ply);
      expect(g.expand()).toBe(r.hash.length);
      expanded[t] = r;
      check(t);
    } else if (s.op === 1 && expanded[t]!.hash.length > 0) {
      const r = expanded[t]!;
      const i = s.child % r.hash.length;
      g.descend(i);
      expect(g.keyLo()).toBe(r.hash[i] >>> 0);
      expect(g.evaluate()).toBe(r.value[i]);
      path.push({ h: r.hash[i], v: r.value[i] });
      expanded[t] = null;
    } else if (s.op === 2 && g.ply > 0) {
      g.ascend();
      path.pop();
      const up = path[path.length - 1];
      // the parent's children, drawn before this subtree was walked, are read again without a new expand
      expanded[t] = reference(ps[t], up.h, up.v, g.ply);
      check(t);
    } else {
      check(t);
    }
  }
}

const steps = fc.array(fc.record({ tree: fc.nat(), op: fc.integer({ min: 0, max: 3 }), child: fc.nat() }), {
  minLength: 1,
  maxLength: 120,
});

describe('PrefixValueTree rows in WebAssembly', () => {
  it('runs here (the rows below come from WebAssembly)', () => {
    expect(prefixValueWasmUnavailable()).toBe('');
  });

  it('equal the model written out, with up to three trees taking the rows in turn', () => {
    fc.assert(
      fc.property(fc.array(params, { minLength: 1, maxLength: 3 }), steps, (rs, ss) => {
        walk(rs.map(toParams), ss, (p) => new PrefixValueTree(p));
      }),
      { numRuns: 400 },
    );
  });

  it('equal the TypeScript rows of the same module with WebAssembly off, in the same walks', async () => {
    vi.resetModules();
    vi.doMock('../../shared/models/prefix-value-rows.ts', async (importOriginal) => ({
      ...(await importOriginal<typeof import('../../shared/models/prefix-value-rows.ts')>()),
      expandRows: () => -1,
      estimateRows: () => false,
    }));
    const ts = (await import('../../shared/models/prefix-value.ts')).PrefixValueTree;
    vi.doUnmock('../../shared/models/prefix-value-rows.ts');
    fc.assert(
      fc.property(fc.array(params, { minLength: 1, maxLength: 3 }), steps, (rs, ss) => {
        // each tree twice, in TypeScript and in WebAssembly, walked in turn and each held to the reference
        const ps = rs.map(toParams);
        walk([...ps, ...ps], ss, (p, i) => (i < ps.length ? new ts(p) : new PrefixValueTree(p)));
      }),
      { numRuns: 200 },
    );
  });
});
