/**
 * The prefix-value kernels are registered by the module that defines PrefixValueTree
 * (shared/models/prefix-value.ts), so every entry point that can build the tree searches it with the
 * search kernel and sizes its minimum proof trees with the MPT kernel. A missed registration changes no
 * result, only the speed, so this file imports the model module and the kernel registries and nothing
 * else that could register them (no model registry, no descriptors), and asks the search registry for
 * the kernel of each ordering it serves and for the annotated node search, and the branch and bound for
 * its kernel as a run builds it (both denominators of the Figure 4 model: MptBranchAndBound on the
 * exact horizon, MptSeen with the model's E, minimum branching bmin).
 */
import { describe, expect, test } from 'vitest';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { prefixValueKernel } from '../../shared/models/prefix-value-search.ts';
import { AnnotationTree } from '../../shared/search/annotation-tree.ts';
import { kernelFor, kernelNodeSearch } from '../../shared/search/kernels.ts';
import { MptBranchAndBound } from '../../shared/proof/mpt-branch-and-bound.ts';
import { MptSeen } from '../../shared/proof/mpt-seen.ts';
import { estimateOrdering } from '../../shared/search/ordering/by-estimate.ts';
import { naturalOrdering } from '../../shared/search/ordering/natural.ts';
import { SearchContext } from '../../shared/search/search-context.ts';

const tree = () =>
  new PrefixValueTree({ height: 4, bmin: 2, bmax: 4, damage: 6, noise: { kind: 'uniform', e: 2 }, seed: 1, tree: 0 });

describe('the prefix-value kernel once shared/models/prefix-value.ts is loaded', () => {
  test('is the kernel for a PrefixValueTree under natural and estimate ordering', () => {
    expect(kernelFor(tree(), naturalOrdering)).toBe(prefixValueKernel);
    expect(kernelFor(tree(), estimateOrdering)).toBe(prefixValueKernel);
  });

  test('gives the node search of a search with an annotation tree', () => {
    const ctx = new SearchContext(tree(), { annotations: new AnnotationTree() }, false);
    expect(kernelNodeSearch(ctx)).not.toBeNull();
  });

  test('sizes both minimum proof trees of a Figure 4 tree on the MPT kernel, and the generic code when asked', () => {
    const p = { height: 10, bmin: 4, bmax: 12, damage: 6, noise: { kind: 'uniform', e: 4 } as const, seed: 1, tree: 0 };
    const seen = new PrefixValueTree({ ...p, horizon: 'estimate' });
    const exact = new PrefixValueTree({ ...p, horizon: 'exact' });
    expect(new MptSeen(seen, { minBranching: 4, errorBound: 4 }).kernel).toBe(true);
    expect(new MptBranchAndBound(exact, { minBranching: 4 }).kernel).toBe(true);
    expect(new MptSeen(seen, { minBranching: 4, errorBound: 4, kernel: false }).kernel).toBe(false);
  });
});
