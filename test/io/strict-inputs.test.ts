/**
 * Strict inputs: every file format refuses what it does not define (an unknown key, with the key probably
 * meant), numbers that are not finite, control characters in names and labels, duplicate axes and series,
 * and names the field of a nested model error with its kind. A figure stays well-formed XML whatever its
 * labels hold (checked by resvg's XML parser, which refuses a malformed document).
 */
import { describe, expect, test } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { parseSpec, SpecError, seriesLabel } from '../../shared/experiments/spec.ts';
import { MODEL_KINDS } from '../../shared/models/registry.ts';
import { presetSpec } from '../../shared/experiments/presets.ts';
import { expandSweep, SweepError } from '../../shared/experiments/sweep.ts';
import { parseFigureSpec, FigureSpecError } from '../../shared/figures/figure-spec.ts';
import { checkResultLine } from '../../shared/experiments/result-line-schema.ts';
import { FormatError } from '../../shared/io/format-error.ts';
import { parseGraphFile } from '../../shared/io/graph-file.ts';
import { parseProofFile } from '../../shared/io/proof-file.ts';
import { closestName, editDistance } from '../../shared/util/did-you-mean.ts';
import { FolderFilesSchema, RunNotesSchema, StartOptionsSchema, describeIssues } from '../../shared/api/ipc-schemas.ts';
import { renderSvg } from '../../node/render-figure.ts';
import { refusal } from '../helpers/refusal.ts';

const fig4 = () =>
  structuredClone(presetSpec('furtak-buro-fig4', { trees: 3, depth: 3 })) as unknown as Record<string, any>;

function specError(mutate: (s: Record<string, any>) => void): string {
  const s = fig4();
  mutate(s);
  return refusal(() => parseSpec(s), SpecError);
}

function sweepError(x: unknown): string {
  return refusal(() => expandSweep(x), SweepError);
}

function formatError(f: () => unknown): string {
  return refusal(f, FormatError, FigureSpecError);
}

const sweep = (more: object) => ({ format: 'gtlab-sweep', version: 1, name: 's', base: 'furtak-buro-fig4', ...more });

describe('did you mean', () => {
  test('edit distance counts a swap once; the closest name within a third of the length is offered', () => {
    expect(editDistance('tres', 'trees')).toBe(1);
    expect(editDistance('grdi', 'grid')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(closestName('tres', ['trees', 'seed', 'depth'])).toBe('trees');
    expect(closestName('colour', ['kind', 'bmin', 'bmax'])).toBeUndefined();
    expect(closestName('Lable', ['label'])).toBe('label');
  });
});

describe('experiment specs', () => {
  test('an unknown key is refused, naming it and the key probably meant', () => {
    expect(specError((s) => (s.tres = 10))).toMatch(
      /^tres: unknown field \(did you mean "trees"\?\); allowed fields: format, version, name/,
    );
    expect(specError((s) => (s.series[1].lable = 'x'))).toMatch(
      /^series\.1\.lable: unknown field \(did you mean "label"\?\)/,
    );
    expect(specError((s) => (s.measure.denominatr = 'true'))).toMatch(
      /^measure\.denominatr: unknown field \(did you mean "denominator"\?\)/,
    );
    expect(specError((s) => (s.model.branching = 4))).toMatch(
      /^model\.branching: unknown field; allowed fields: kind, bmin, bmax, damage, noise, rootValue, horizon \(in a prefix-value model\)/,
    );
  });

  test('a nested model error names the field, what is allowed and the model kind', () => {
    expect(specError((s) => (s.model.noise = { kind: 'uniform', e: 'x' }))).toBe(
      'model.noise.e: "x" is not allowed: it must be an integer in [0..1000000] (in a prefix-value model)'.replace(
        '"x"',
        'x',
      ),
    );
    expect(specError((s) => (s.model.noise = { kind: 'unifrm', e: 2 }))).toMatch(
      /^model\.noise\.kind: must be one of uniform, gaussian, softmax \(in a prefix-value model\)$/,
    );
    expect(specError((s) => (s.model.kind = 'prefix'))).toBe(`model.kind: must be one of ${MODEL_KINDS.join(', ')}`);
    expect(
      specError((s) => (s.model = { kind: 'uniform', degree: 4, leaves: { kind: 'range', lo: 0, hi: 'x' } })),
    ).toMatch(/^model\.leaves\.hi: .* \(in a uniform model\)$/);
  });

  test('names and labels with a control character are refused; a description may hold line breaks', () => {
    expect(specError((s) => (s.name = 'fig\u00074'))).toMatch(
      /^name: control character U\+0007 at character 4 is not allowed/,
    );
    expect(specError((s) => (s.series[0].label = 'a\u001bb'))).toMatch(/^series\.0\.label: control character U\+001B/);
    expect(specError((s) => (s.description = 'line one\nline two\ttab'))).toBe('accepted');
    expect(specError((s) => (s.description = 'bell\u0007'))).toMatch(
      /^description: control character U\+0007 .* \(only tabs and line breaks are\)/,
    );
  });
});

describe('sweep files', () => {
  test('unknown keys, a "__proto__" axis and duplicate axes are refused', () => {
    expect(sweepError(sweep({ grdi: { depth: [4] } }))).toMatch(/^grdi: unknown field \(did you mean "grid"\?\)/);
    expect(sweepError(sweep({ grid: { depth: [4] }, cell: [{ depth: 5 }] }))).toMatch(
      /^cell: unknown field \(did you mean "cells"\?\)/,
    );
    expect(
      sweepError(
        JSON.parse(
          '{"format":"gtlab-sweep","version":1,"name":"s","base":"furtak-buro-fig4","grid":{"__proto__":[1,2]}}',
        ),
      ),
    ).toMatch(/^grid\.__proto__: "__proto__" is not a spec path/);
    expect(sweepError(sweep({ grid: { 'model.bmin,model.bmin': [[2, 2]] } }))).toMatch(
      /^grid\.model\.bmin,model\.bmin: model\.bmin appears twice/,
    );
    expect(sweepError(sweep({ grid: { 'model.bmin': [2], 'model.bmin,model.bmax': [[2, 4]] } }))).toMatch(
      /model\.bmin is swept by two axes \("model\.bmin" and "model\.bmin,model\.bmax"\)/,
    );
    expect(sweepError(sweep({ name: 'tab\there' }))).toMatch(/^name: control character U\+0009/);
  });

  test('cells whose folder names collide are named, with the real cause', () => {
    const m = sweepError(sweep({ grid: { name: ['a/b', 'a:b'] } }));
    expect(m).toMatch(/\{"name":"a:b"\}.*\{"name":"a\/b"\}.*both would be kept in the folder cells\/name=a-b/);
    expect(m).not.toMatch(/same parameters/);
    expect(sweepError(sweep({ grid: { depth: [4] }, cells: [{ depth: 4 }] }))).toMatch(
      /^cells\.0: two cells with the same parameters \(depth=4\): this one and grid/,
    );
  });
});

describe('figure files', () => {
  const figure = (more: object) => JSON.stringify({ format: 'gtlab-figure', version: 1, ...more });
  test('unknown keys, duplicate series ids and control characters are refused, naming the field', () => {
    expect(formatError(() => parseFigureSpec(figure({ legnd: 'bottom' })))).toMatch(
      /^figure: legnd: unknown field \(did you mean "legend"\?\)/,
    );
    expect(
      formatError(() => parseFigureSpec(figure({ size: { unit: 'cm', width: 8.5, height: 7, dpi: 300 } }))),
    ).toMatch(/^figure: size\.dpi: unknown field/);
    expect(formatError(() => parseFigureSpec(figure({ series: [{ id: 'a' }, { id: 'b' }, { id: 'a' }] })))).toMatch(
      /^figure: series\.2\.id: "a" is listed twice \(also series\.0\)/,
    );
    expect(formatError(() => parseFigureSpec(figure({ series: [{ id: 'a', label: 'x\u0000' }] })))).toMatch(
      /^figure: series\.0\.label: control character U\+0000/,
    );
    expect(formatError(() => parseFigureSpec(figure({ runs: ['A\u0085'] })))).toMatch(
      /^figure: runs\.0: control character U\+0085/,
    );
    expect(formatError(() => parseFigureSpec(figure({ fontSize: 1e400 })))).toMatch(/^figure: fontSize: /);
  });

  test('an SVG stays well-formed XML whatever its text holds', () => {
    const option = {
      title: { text: 'bell\u0007 & <b>' },
      xAxis: { type: 'category', data: ['1\u0001', '2'] },
      yAxis: {},
      series: [{ type: 'line', name: 'esc\u001b', data: [1, 2] }],
      legend: {},
    };
    const svg = renderSvg(option, { width: 400, height: 300 });
    expect(() => new Resvg(svg)).not.toThrow();
    expect(svg).toContain('bell\ufffd &amp; &lt;b&gt;');
  });
});

describe('result lines', () => {
  const spec = parseSpec(fig4());
  const labels = spec.series.map(seriesLabel);
  const good = () => ({
    tree: 1,
    depth: 2,
    value: 3,
    mpg: 8,
    mpgSeen: 8,
    mpgTrue: 8,
    results: labels.map((series) => ({ series, visited: 9, expanded: 2, leaves: 7, passVisited: 5, passExpanded: 1 })),
  });
  const lineError = (mutate: (l: Record<string, any>) => void) => {
    const l = good();
    mutate(l as Record<string, any>);
    return formatError(() => checkResultLine(l, spec));
  };
  test('a line of the spec is accepted as it is', () => {
    expect(lineError(() => {})).toBe('accepted');
  });
  test('a damaged or foreign line is refused, naming the field', () => {
    expect(lineError((l) => (l.results[1].visited = 'many'))).toMatch(
      /^results\[1\]\.visited: "many" is not allowed: it must be a non-negative integer/,
    );
    expect(lineError((l) => (l.mpg = -5))).toMatch(/^mpg: -5 is not allowed: it must be a non-negative integer/);
    expect(lineError((l) => (l.results[0].series = 'alphabeta / valeu'))).toMatch(
      /^results\[0\]\.series: "alphabeta \/ valeu" is not a series of this spec/,
    );
    expect(lineError((l) => (l.results[2].series = l.results[0].series))).toMatch(
      /^results\[2\]\.series: .* appears twice/,
    );
    expect(lineError((l) => void l.results.pop())).toMatch(/^results: has no result for "mtdf \/ value\+FCF"/);
    expect(formatError(() => checkResultLine(null, spec))).toMatch(
      /^\(line\): null is not allowed: a result line is a JSON object/,
    );
    expect(formatError(() => checkResultLine(42, spec))).toMatch(/^\(line\): 42 is not allowed/);
    expect(lineError((l) => void delete l.results)).toMatch(/^results: is missing/);
    expect(lineError((l) => (l.tree = 3))).toMatch(/^tree: 3 is not allowed: the spec's trees are 0\.\.2/);
    expect(lineError((l) => (l.depth = 4))).toMatch(
      /^depth: 4 is not allowed: it must be one of the spec's depths \(1, 2, 3\)/,
    );
    expect(lineError((l) => (l.extra = 1))).toMatch(/^extra: unknown field/);
  });
});

describe('graph and proof files', () => {
  const graph = (estimate: string) =>
    `{"format":"gtlab-graph","version":1,"kind":"tree","root":0,"nodeCount":3,"player":[0,1,1],"value":[null,1,2],"childOffsets":[0,2,2,2],"children":[1,2],"estimate":[0,${estimate},1],"meta":{"model":"m","params":{},"seed":null,"generator":"t"}}`;
  test("an estimate beyond the searches' infinity (1e400 reads as Infinity) is refused at its index", () => {
    expect(formatError(() => parseGraphFile(graph('1')))).toBe('accepted');
    expect(formatError(() => parseGraphFile(graph('1e400')))).toMatch(
      /^estimate\[1\]: Infinity is out of range: estimates must be finite numbers within ±999999999/,
    );
    expect(formatError(() => parseGraphFile(graph('-5e9')))).toMatch(/^estimate\[1\]: -5000000000 is out of range/);
  });
  test('a misspelt key gets the key probably meant', () => {
    expect(formatError(() => parseGraphFile(graph('1').replace('"estimate"', '"estimates"')))).toMatch(
      /^estimates: unknown field \(did you mean "estimate"\?\)/,
    );
    expect(
      formatError(() =>
        parseProofFile(
          '{"format":"gtlab-proof","version":1,"type":"minimax","valeu":1,"size":1,"nodes":[0],"meta":{}}',
        ),
      ),
    ).toMatch(/^valeu: unknown field \(did you mean "value"\?\)/);
  });
});

describe('IPC inputs', () => {
  test('an unknown key is refused with the key probably meant', () => {
    const r = StartOptionsSchema.safeParse({ wrokers: 2 });
    expect(r.success).toBe(false);
    expect(describeIssues(r.error!, 'start options')).toMatch(
      /^start options: wrokers: unknown field \(did you mean "workers"\?\)/,
    );
    expect(RunNotesSchema.safeParse({ title: 't', tag: ['a'] }).success).toBe(false);
    expect(FolderFilesSchema.safeParse([{ path: 'spec.json', text: '{}', mode: 0o644 }]).success).toBe(false);
  });
});
