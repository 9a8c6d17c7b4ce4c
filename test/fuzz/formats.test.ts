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

/** A field path the spec has at its root ("model.noise.e" → model), or the document itself when it is not JSON or not an object. */
const specNamed = (text: string) => (e: Error) =>
  (e as SpecError).issues.every(
    (i) => i.path !== '' || /^not valid JSON|expected object/.test(i.message) || !isObjectText(text),
  );

function isObjectText(text: string): boolean {
  try {
    const x = JSON.parse(text);
    return x !== null && typeof x === 'object' && !Array.isArray(x);
  } catch {
    return false;
  }
}

/** The document before any mutation parses. */
function expectAccepted(parse: (text: string) => unknown, valid: unknown): void {
  expect(
    outcome(
      () => parse(JSON.stringify(valid)),
      () => false,
      () => true,
    ),
  ).toBe('ok');
}

describe('fuzz: file formats in process', () => {
  test('experiment spec (gtlab-experiment)', () => {
    expectAccepted(parseSpec, validSpec);
    let refused = 0;
    fc.assert(
      fc.property(mutatedText(validSpec), (text) => {
        const r = outcome(
          () => parseSpec(text),
          (e) => e instanceof SpecError,
          specNamed(text),
        );
        if (r !== 'ok') refused++;
        else expect(parseSpec(JSON.stringify(parseSpec(text)))).toEqual(parseSpec(text));
      }),
      { numRuns: RUNS },
    );
    expect(refused).toBeGreaterThan(RUNS / 2);
  });

  test('sweep (gtlab-sweep)', () => {
    const valid = {
      format: 'gtlab-sweep',
      version: 1,
      name: 'fuzz',
      base: validSpec,
      grid: {
        'model.noise.e': [0, 2],
        'model.bmin,model.bmax': [
          [2, 4],
          [4, 12],
        ],
      },
      cells: [{ depth: 2 }],
    };
    expectAccepted(expandSweep, valid);
    fc.assert(
      fc.property(mutatedText(valid), (text) => {
        outcome(
          () => expandSweep(text),
          (e) => e instanceof SweepError,
          (e) =>
            (e as SweepError).issues.every(
              (i) => i.path !== '' || /^not valid JSON|expected object/.test(i.message) || !isObjectText(text),
            ),
        );
      }),
      { numRuns: RUNS },
    );
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
    expectAccepted(parseFigureSpec, valid);
    fc.assert(
      fc.property(mutatedText(valid), (text) => {
        outcome(
          () => parseFigureSpec(text),
          (e) => e instanceof FigureSpecError,
          (e) => /^figure: (.+: \S|not JSON)/.test(e.message),
        );
      }),
      { numRuns: RUNS },
    );
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
    expect(
      outcome(
        () => checkResultLine(valid, s),
        () => false,
        () => true,
      ),
    ).toBe('ok');
    fc.assert(
      fc.property(mutatedText(valid), (text) => {
        outcome(
          () => checkResultLine(parseJsonText(text), s),
          (e) => e instanceof FormatError,
          (e) => (e as FormatError).field !== '',
        );
      }),
      { numRuns: RUNS },
    );
  });

  test('graph file (gtlab-graph)', () => {
    const valid = JSON.parse(serializeGraph(smallTree(true)));
    fc.assert(
      fc.property(mutatedText(valid), (text) => {
        const r = outcome(
          () => parseGraphFile(text),
          (e) => e instanceof FormatError,
          (e) => (e as FormatError).field !== '',
        );
        if (r === 'ok')
          expect(parseGraphFile(serializeGraph(parseGraphFile(text))).nodeCount).toBe(parseGraphFile(text).nodeCount);
      }),
      { numRuns: RUNS },
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
    fc.assert(
      fc.property(mutatedText(valid), (text) => {
        const r = outcome(
          () => parseProofFile(text),
          (e) => e instanceof FormatError,
          (e) => (e as FormatError).field !== '',
        );
        if (r === 'ok') expect(parseProofFile(serializeProof(parseProofFile(text)))).toEqual(parseProofFile(text));
      }),
      { numRuns: RUNS },
    );
  });
});
