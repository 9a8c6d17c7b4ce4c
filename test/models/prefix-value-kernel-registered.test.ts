/**
 * The prefix-value kernel is registered by the module that defines PrefixValueTree
 * (shared/models/prefix-value.ts), so every entry point that can build the tree searches it with the
 * kernel. A missed registration changes no result, only the speed, so this file imports the model module
 * and the kernel registry and nothing else that could register it (no model registry, no descriptors),
 * and asks the registry for the kernel of each ordering it serves and for the annotated node search.
 */
import { describe, expect, test } from 'vitest';
import { PrefixValueTree } from '../../shared/models/prefix-value.ts';
import { prefixValueKernel } from '../../shared/models/prefix-value-search.ts';
import { AnnotationTree } from '../../shared/search/annotation-tree.ts';
import { kernelFor, kernelNodeSearch } from '../../shared/search/kernels.ts';
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
});
