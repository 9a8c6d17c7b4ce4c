/**
 * Every file format through its own parser, in process, under mutated inputs (./mutate.ts): each text is
 * either accepted (and then valid: reading it again gives the same result) or refused with the format's
 * own error naming a field — never another exception, never a hang.
 */
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { parseSpec, SpecError, seriesLabel, type ExperimentSpec } from '../../shared/experiments/spec.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { expandSweep, SweepError } from '../../shared/experiments/sweep.ts';
import { FigureSpecError, parseFigureSpec } from '../../shared/figures/figure-spec.ts';
import { checkResultLine } from '../../shared/experiments/result-line-schema.ts';
import { FormatError } from '../../shared/io/format-error.ts';
import { parseGraphFile, serializeGraph } from '../../shared/io/graph-file.ts';
import { parseProofFile, serializeProof } from '../../shared/io/proof-file.ts';
import { parseJsonText } from '../../shared/io/json-text.ts';
import { smallTree, SMALL_PROOF } from '../io/graph-fixtures.ts';
import { mutatedText } from './mutate.ts';
import { sweepFile } from '../helpers/sweep-file.ts';

/** Runs per format: a few seconds each (FUZZ_RUNS=5000 for a longer search). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
/** The longest one parse may take (a hang or a quadratic blow-up shows up here). */
const SLOW_MS = 2000;

/**
 * Parse `text`; an error must be one of `allowed` and name its field (`named`). Returns 'ok' or the message.
 */
function outcome(parse: () => unknown, allowed: (e: unknown) => boolean, named: (e: Error) => boolean): string {
  const t0 = performance.now();
  try {
    parse();
    return 'ok';
  } catch (e) {
    if (!allowed(e)) throw new Error(`another exception: ${(e as Error)?.stack ?? String(e)}`);
    expect(named(e as Error), (e as Error).message).toBe(true);
    return (e as Error).message;
  } finally {
    expect(performance.now() - t0).toBeLessThan(SLOW_MS);
  }
}

const spec = presetSpec('furtak-buro-fig4', { trees: 4, depth: 3 });
const validSpec = JSON.parse(JSON.stringify(spec));

function isObjectText(text: string): boolean {
  try {
    const x = JSON.parse(text);
    return x !== null && typeof x === 'object' && !Array.isArray(x);
  } catch {
    return false;
  }
}

/** The document before any mutation is accepted: `check` reads it without an error. */
function expectAccepted(check: () => unknown): void {
  expect(
    outcome(
      check,
      () => false,
      () => true,
    ),
  ).toBe('ok');
}

/**
 * `parse` on RUNS mutations of `valid`: each accepted (then `accepted` checks it) or refused with an
 * error of the format's own `kind` that is `named`. Returns how many were refused.
 */
function fuzzFormat(
  valid: unknown,
  parse: (text: string) => unknown,
  kind: abstract new (...args: any[]) => Error,
  named: (e: Error, text: string) => boolean,
  accepted: (text: string) => void = () => {},
): number {
  const allowed = (e: unknown) => e instanceof kind;
  let refused = 0;
  fc.assert(
    fc.property(mutatedText(valid), (text) => {
      const parsed = () => parse(text);
      if (outcome(parsed, allowed, (e) => named(e, text)) !== 'ok') refused++;
      else accepted(text);
    }),
    { numRuns: RUNS },
  );
  return refused;
}

/** The error of a format with issues (spec, sweep) names a field, or the document when it is not JSON or not an object. */
const issuesNamed = (e: Error, text: string) =>
  (e as SpecError | SweepError).issues.every(
    (i) => i.path !== '' || /^not valid JSON|expected object/.test(i.message) || !isObjectText(text),
  );
/** The format error names a field. */
const fieldNamed = (e: Error) => (e as FormatError).field !== '';

describe('fuzz: file formats in process', () => {
  test('experiment spec (gtlab-experiment)', () => {
    expectAccepted(() => parseSpec(JSON.stringify(validSpec)));
    const refused = fuzzFormat(validSpec, parseSpec, SpecError, issuesNamed, (text) =>
      expect(parseSpec(JSON.stringify(parseSpec(text)))).toEqual(parseSpec(text)),
    );
    expect(refused).toBeGreaterThan(RUNS / 2);
  });

  test('sweep (gtlab-sweep)', () => {
    const grid = {
      'model.noise.e': [0, 2],
      'model.bmin,model.bmax': [
        [2, 4],
        [4, 12],
      ],
    };
    const valid = sweepFile('fuzz', validSpec, grid, { cells: [{ depth: 2 }] });
    expectAccepted(() => expandSweep(JSON.stringify(valid)));
    fuzzFormat(valid, expandSweep, SweepError, issuesNamed);
  });

  test('figure file (gtlab-figure)', () => {
    const valid = {
      format: 'gtlab-figure',
      version: 1,
      mode: 'ratio',
      counter: 'visited',
      series: [{ id: 'alphabeta / value', label: 'α-β' }, { id: 'negascout / value' }],
      runs: ['A', 'B'],
      title: { show: true, text: 'Fig. 4' },
      subtitle: { show: false },
      size: { unit: 'cm', width: 8.5, height: 7 },
      fontSize: 9,
      legend: 'bottom',
      bands: true,
    };
    expectAccepted(() => parseFigureSpec(JSON.stringify(valid)));
    fuzzFormat(valid, parseFigureSpec, FigureSpecError, (e) => /^figure: (.+: \S|not JSON)/.test(e.message));
  });

  test('results line (results.jsonl)', () => {
    const s: ExperimentSpec = parseSpec(validSpec);
    const valid = {
      tree: 1,
      depth: 2,
      value: 3,
      mpg: 8,
      mpgSeen: 8,
      mpgTrue: 9,
      results: s.series.map((x) => ({
        series: seriesLabel(x),
        visited: 9,
        expanded: 2,
        leaves: 7,
        passVisited: 5,
        passExpanded: 1,
      })),
    };
    expectAccepted(() => checkResultLine(valid, s));
    fuzzFormat(valid, (text) => checkResultLine(parseJsonText(text), s), FormatError, fieldNamed);
  });

  test('graph file (gtlab-graph)', () => {
    const valid = JSON.parse(serializeGraph(smallTree(true)));
    fuzzFormat(valid, parseGraphFile, FormatError, fieldNamed, (text) =>
      expect(parseGraphFile(serializeGraph(parseGraphFile(text))).nodeCount).toBe(parseGraphFile(text).nodeCount),
    );
  });

  test('proof file (gtlab-proof)', () => {
    const valid = JSON.parse(
      serializeProof({
        type: 'minimax',
        value: 3,
        size: SMALL_PROOF.length,
        nodes: [...SMALL_PROOF],
        meta: { graph: 'tree.json' },
      }),
    );
    fuzzFormat(valid, parseProofFile, FormatError, fieldNamed, (text) =>
      expect(parseProofFile(serializeProof(parseProofFile(text)))).toEqual(parseProofFile(text)),
    );
  });
});
