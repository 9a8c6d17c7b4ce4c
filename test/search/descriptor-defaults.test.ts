/**
 * Descriptors name only what holds: an algorithm's capabilities and an ordering's flags that a descriptor
 * leaves out are false, and an ordering made with defineOrdering has the property layout of one written
 * out in full (the search reads its flags at every expansion).
 */
import { describe, expect, test } from 'vitest';
import { ALGORITHM_REGISTRY } from '../../shared/search/registry.ts';
import { parseOrdering } from '../../shared/search/ordering/parse-ordering.ts';

describe('descriptor defaults', () => {
  test('every algorithm has all four capabilities, false unless its descriptor names them', () => {
    const caps = Object.fromEntries(ALGORITHM_REGISTRY.map((d) => [d.name, d.capabilities]));
    expect(caps).toEqual({
      minimax: { needsMemory: false, needsIntegerValues: false, iterativeDeepening: false, firstGuess: false },
      alphabeta: { needsMemory: false, needsIntegerValues: false, iterativeDeepening: true, firstGuess: false },
      negascout: { needsMemory: false, needsIntegerValues: true, iterativeDeepening: true, firstGuess: false },
      mtdf: { needsMemory: true, needsIntegerValues: true, iterativeDeepening: true, firstGuess: true },
      sss: { needsMemory: true, needsIntegerValues: true, iterativeDeepening: true, firstGuess: false },
    });
    for (const d of ALGORITHM_REGISTRY) expect(Object.keys(d.capabilities)).toEqual(Object.keys(caps.minimax));
  });

  test('orderings: flags false unless named, in the layout of an ordering written as a literal', () => {
    const layout = (spec: string) =>
      Object.entries(parseOrdering(spec)).map(([k, v]) => [k, typeof v === 'function' ? 'function' : v]);
    expect(layout('natural')).toEqual([
      ['name', 'natural'],
      ['needsSize', false],
      ['needsValue', false],
      ['usesTie', false],
      ['keys', 'function'],
    ]);
    expect(layout('fastest-first')).toEqual([
      ['name', 'fastest-first'],
      ['needsSize', true],
      ['needsValue', false],
      ['usesTie', false],
      ['keys', 'function'],
    ]);
    expect(layout('estimate')).toEqual([
      ['name', 'estimate'],
      ['needsSize', false],
      ['needsValue', true],
      ['usesTie', false],
      ['keyIsValue', true],
      ['keys', 'function'],
    ]);
    expect(layout('random:7')).toEqual([
      ['name', 'random(7)'],
      ['needsSize', false],
      ['needsValue', false],
      ['usesTie', false],
      ['needsNodeKey', true],
      ['keys', 'function'],
    ]);
    // the fcf orderings are object literals: the same order of the shared fields
    expect(layout('fcf-linear:1').map(([k]) => k)).toEqual(['name', 'needsSize', 'needsValue', 'usesTie', 'keys']);
  });
});
