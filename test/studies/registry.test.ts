/**
 * The study registry (shared/studies/registry.ts) and what is derived from it, for every entry: the
 * example passes the request schema and runs through the job function to a result of its kind; its CSV
 * starts with the provenance line and History's row names it; a kind with a figure draws it as SVG (Li's
 * Fig. 3.2, a Li table typeset at its own size and the match tallies among them); `gtlab study KIND` offers the schema's flags and gives the
 * CSV the app exports; the Studies tab's derived form reads the example back as the same request.
 */
import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { STUDY_HELP, study } from '../../cli/commands/study.ts';
import { HELP } from '../../cli/main.ts';
import { studyFlags } from '../../cli/study-flags.ts';
import { renderSvg } from '../../node/render-figure.ts';
import { ownSize } from '../../shared/figures/own-size.ts';
import {
  derivedStudyKinds,
  ownStudyTabs,
  initialStudyDraft,
  setDraftAt,
  studyFormFields,
  studyRequestOf,
} from '../../renderer/src/logic/study-form.ts';
import { replacesKept, studyListing } from '../../shared/host/study-store.ts';
import { runStudyJob } from '../../shared/jobs/study-jobs.ts';
import { ALGORITHMS } from '../../shared/search/registry.ts';
import { MODEL_KINDS } from '../../shared/models/registry.ts';
import {
  hasStudyFigure,
  STUDY_KINDS,
  STUDY_REGISTRY,
  STUDY_TITLES,
  StudyRequestSchema,
  studyDescriptor,
  type StudyRequest,
  type StudyResult,
} from '../../shared/studies/registry.ts';
import { studyCsv, studyFigureOption, studyProvenance } from '../../shared/studies/study-exports.ts';
import { GENERATOR } from '../../shared/version.ts';
import { runCommand } from '../helpers/run-command.ts';
import { svgWords } from '../helpers/svg-words.ts';

function resultOf(req: StudyRequest): StudyResult {
  let result: StudyResult | null = null;
  runStudyJob(req, (m) => {
    if (m.type === 'result') result = m.result;
    if (m.type === 'error') throw new Error(m.message);
  });
  return result!;
}

const examples = STUDY_REGISTRY.map((d) => [d.kind, d.example as StudyRequest] as const);
const results = new Map<string, StudyResult>();
const exampleResult = (kind: string, req: StudyRequest) => {
  if (!results.has(kind)) results.set(kind, resultOf(req));
  return results.get(kind)!;
};

describe('study registry', () => {
  test('kinds are unique, each has a title and a description, History names it by its title', () => {
    expect(new Set(STUDY_KINDS).size).toBe(STUDY_KINDS.length);
    for (const d of STUDY_REGISTRY) {
      expect(d.title.length).toBeGreaterThan(0);
      expect(d.description.length).toBeGreaterThan(0);
      expect(STUDY_TITLES[d.kind]).toBe(d.title);
      expect(studyDescriptor(d.kind)).toBe(d);
    }
    expect(() => studyDescriptor('bogus')).toThrow(RangeError);
  });

  test.each(examples)('%s: its example passes the schema unchanged; a foreign field is refused', (_kind, req) => {
    expect(StudyRequestSchema.parse(req)).toEqual(req);
    expect(StudyRequestSchema.safeParse({ ...req, tres: 1 }).success).toBe(false);
  });

  test.each(examples)('%s: the example runs to a result of its kind; CSV and History row follow', (kind, req) => {
    const result = exampleResult(kind, req);
    expect(result.kind).toBe(kind);
    const csv = studyCsv({ request: req, result, generator: 'g' });
    expect(csv.split('\n')[0]).toBe(studyProvenance(req, 'g'));
    expect(csv.trimEnd().split('\n').length).toBeGreaterThan(2);
    const listing = studyListing({
      format: 'gtlab-study',
      version: 1,
      id: 'x',
      request: req,
      result,
      createdAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:00:01Z',
      ms: 0,
      generator: 'g',
    });
    expect(listing).toMatchObject({
      kind,
      summary: studyDescriptor(kind).summary(req),
      figure: hasStudyFigure(result),
    });
  });

  test.each(examples.filter(([k]) => studyDescriptor(k).figure))(
    '%s: its figure renders as SVG with its title and, where it has a legend, every name in it',
    (kind, req) => {
      const result = exampleResult(kind, req);
      expect(hasStudyFigure(result)).toBe(true);
      const option = studyFigureOption(result, { fontFamily: 'DejaVu Sans' })!;
      const words = svgWords(renderSvg(option));
      expect(words).toContain((option.title as { text: string }).text.split(' ')[0]);
      const legend = option.legend as { data: string[] } | undefined;
      // the line charts have a legend; the solve studies' boards have none
      expect(legend !== undefined || kind === 'c4' || kind === 'othello').toBe(true);
      for (const name of legend?.data ?? []) expect(words).toContain(name);
    },
  );

  test("Li's Fig. 3.2 (curves), a Li table (the table typeset at its own size) and the match tallies have figures", () => {
    expect(hasStudyFigure(exampleResult('li-table', { kind: 'li-table', table: 'fig3.2' }))).toBe(true);
    const t42 = resultOf({ kind: 'li-table', table: '4.2' });
    expect(hasStudyFigure(t42)).toBe(true);
    const table = studyFigureOption(t42, { fontFamily: 'DejaVu Sans' })!;
    const size = ownSize(table) as { width: number; height: number };
    expect(renderSvg(table)).toMatch(new RegExp(`^<svg width="${size.width}" height="${size.height}"`));
    expect(svgWords(renderSvg(table))).toContain('Table 4.2 The Numbers of Visited Terminal Nodes');
    const fig = studyFigureOption(exampleResult('li-table', { kind: 'li-table', table: 'fig3.2' }))!;
    const curves = fig.series as { data: [number, number][] }[];
    const rows = (
      exampleResult('li-table', { kind: 'li-table', table: 'fig3.2' }) as Extract<StudyResult, { kind: 'li-table' }>
    ).corrected.rows;
    expect(curves.map((s) => s.data)).toEqual([
      rows.map((r) => [r.step, r.values[0]]),
      rows.map((r) => [r.step, r.values[1]]),
    ]);
    const match = exampleResult('match', studyDescriptor('match').example) as Extract<StudyResult, { kind: 'match' }>;
    const bars = studyFigureOption(match)!.series as { name: string; data: number[] }[];
    const t = match.result.tally;
    expect(bars.map((b) => b.name)).toEqual(['MM wins', 'draws', 'AB wins']);
    expect(bars.map((b) => b.data[1] * t.games)).toEqual(
      [t.mmWins, t.draws, t.abWins].map((x) => expect.closeTo(x, 9)),
    );
    expect(bars.reduce((s, b) => s + b.data[0], 0)).toBeCloseTo(1, 12);
  });

  test('a Li table replaces its own older record; other kinds are kept beside', () => {
    expect(replacesKept({ kind: 'li-table', table: '4.2' }, { kind: 'li-table', table: '4.2' })).toBe(true);
    expect(replacesKept({ kind: 'li-table', table: '4.2' }, { kind: 'li-table', table: '4.3' })).toBe(false);
    expect(replacesKept({ kind: 'li5', trees: 2, seed: 1 }, { kind: 'li5', trees: 2, seed: 1 })).toBe(false);
  });
});

describe('gtlab study, from the registry', () => {
  test('gtlab --help lists every study, model and algorithm of the registries', () => {
    for (const k of STUDY_KINDS) expect(STUDY_HELP).toContain(`  ${k.padEnd(12)} ${studyDescriptor(k).title}`);
    const line = (cmd: string) => HELP.split('\n').find((l) => l.startsWith(`  ${cmd}`))!;
    for (const k of STUDY_KINDS) expect(line('study')).toContain(k);
    for (const k of MODEL_KINDS) expect(line('generate')).toContain(k);
    for (const a of ALGORITHMS) expect(line('search')).toContain(a);
  });

  test.each(examples)('%s: its help lists a flag per field of the schema', async (kind) => {
    const { stdout } = await runCommand(study, [kind, '--help']);
    for (const f of studyFlags(studyDescriptor(kind).schema)) expect(stdout).toContain(f.help);
  });

  test.each(examples.filter(([k]) => !['othello', 'li5'].includes(k)))(
    '%s: the example as --request gives the CSV the app exports',
    async (kind, req) => {
      const { kind: _, ...fields } = req as unknown as Record<string, unknown>;
      const { code, stdout } = await runCommand(study, [kind, '--request', JSON.stringify(fields)], {
        quietStderr: true,
      });
      expect(code).toBe(0);
      const result = exampleResult(kind, req);
      const timing = /(^|,)(\w+_)?ms(,|$)|seconds/.test(stdout.split('\n').find((l) => !l.startsWith('#')) ?? '');
      if (!timing) expect(stdout).toBe(studyCsv({ request: req, result, generator: GENERATOR }));
      else expect(stdout.split('\n')[0]).toBe(studyProvenance(req, GENERATOR));
    },
  );

  test('a refused flag is named with what it allows; a kind without a figure refuses --figure', async () => {
    await expect(runCommand(study, ['li-table', '--table', '9.9'])).rejects.toThrow(
      `--table 9.9 is not allowed: it must be one of ${studyFlags(studyDescriptor('li-table').schema)[0].allowed.replace(/^one of /, '')}`,
    );
    await expect(runCommand(study, ['li-table'])).rejects.toThrow('--table is required');
    await expect(runCommand(study, ['li5', '--trees', '2', '--figure', 'x.svg'])).rejects.toThrow('has no figure');
    await expect(runCommand(study, ['bogus'])).rejects.toThrow('study kind = bogus is not allowed');
    // A switch is false unless given.
    const json = async (argv: string[]) =>
      JSON.parse((await runCommand(study, [...argv, '--json'], { quietStderr: true })).stdout).request;
    expect(await json(['c4', '--moves', '4455443', '--step', 'final'])).toEqual({
      kind: 'c4',
      moves: '4455443',
      step: 'final',
      weak: false,
    });
    expect((await json(['c4', '--moves', '4455443', '--step', 'final', '--weak'])).weak).toBe(true);
  });
});

const COMPONENTS = join(import.meta.dirname, '../../renderer/src/components');

describe("the Studies tab's forms, from the schemas", () => {
  /** The fields a view gives itself: the Li tables view picks the Monte-Carlo check's cell on its table. */
  const givenOf = (kind: string, example: Record<string, unknown>): Record<string, unknown> =>
    kind === 'li-mc' ? { target: example.target } : {};

  test('every registered kind without a view of its own gets the form', () => {
    expect(derivedStudyKinds()).toContain('li-pab');
    for (const k of derivedStudyKinds()) expect(STUDY_KINDS).toContain(k);
  });

  test("the wings' own views: each once, its component a file of the renderer, every kind in a view or the form", () => {
    const tabs = ownStudyTabs();
    expect(tabs.map((t) => t.id)).toEqual(['li', 'c4', 'othello', 'match', 'pathology']);
    for (const t of tabs) expect(existsSync(join(COMPONENTS, `${t.component}.vue`)), t.component).toBe(true);
    // Li's three studies share one view; no kind is both in a view and given the form
    expect(STUDY_REGISTRY.filter((d) => d.tab?.id === 'li').map((d) => d.kind)).toEqual(['li-table', 'li5', 'li-mc']);
    const inViews = STUDY_REGISTRY.filter((d) => d.tab !== undefined).map((d) => d.kind);
    expect([...inViews, ...derivedStudyKinds()].sort()).toEqual([...STUDY_KINDS].sort());
  });

  test.each(STUDY_KINDS)('%s: the form opens on the example and reads it back as the same request', (kind) => {
    const example = studyDescriptor(kind).example as unknown as Record<string, unknown>;
    const given = givenOf(kind, example);
    expect(studyFormFields(kind, Object.keys(given)).length).toBeGreaterThan(0);
    expect(studyRequestOf(kind, initialStudyDraft(kind, example, Object.keys(given)), given)).toEqual({
      request: example,
      errors: null,
    });
  });

  test('a refused input is reported at its field with what it allows', () => {
    const integer = (kind: string) => studyFormFields(kind).find((x) => x.meta.allowed.startsWith('an integer in'));
    const kinds = STUDY_KINDS.filter((k) => integer(k) !== undefined);
    expect(kinds).toEqual(['li5', 'li-mc', 'match', 'pathology', 'li-pab']);
    for (const kind of kinds.filter((k) => k !== 'li-mc')) {
      const f = integer(kind)!;
      const draft = initialStudyDraft(kind);
      setDraftAt(draft, f.path, '-1.5');
      const r = studyRequestOf(kind, draft);
      expect(r.request).toBeNull();
      expect(r.errors![f.path]).toBe(`-1.5 is not allowed: it must be ${f.meta.allowed}`);
    }
  });

  test('inputs by kind: switches, text with its suggestions, choices, a union kind with its variants', () => {
    const input = (kind: string, path: string) => studyFormFields(kind).filter((f) => f.path === path);
    expect(input('c4', 'weak').map((f) => f.input)).toEqual(['switch']);
    expect(input('c4', 'moves').map((f) => f.input)).toEqual(['text']);
    expect(input('c4', 'step')[0].options!.map((o) => o.value)).toContain('final');
    expect(input('othello', 'ordering')[0].meta.suggested).toContain('fastest-first');
    expect(input('match', 'limit.kind')[0].options!.map((o) => o.label)).toEqual(['Move calls', 'Time']);
    // Noise e means a probability under flip noise and an integer bound under uniform noise: an input each.
    expect(input('pathology', 'spec.noise.e').map((f) => [f.meta.label, f.when!.values])).toEqual([
      ['Flip probability', ['flip']],
      ['Integer noise bound', ['uniform']],
    ]);
    // The model's height, alike in the three kinds of tree, is one input.
    expect(input('pathology', 'spec.model.height').map((f) => f.when!.values)).toEqual([['uniform', 'li', 'prefix']]);
    expect(input('pathology', 'spec.model.degree').map((f) => f.when!.values)).toEqual([['uniform', 'prefix']]);
  });

  test('an optional switch opens as its absence means and is left out while it stays so', () => {
    const draft = initialStudyDraft('pathology');
    expect(draft).toMatchObject({ spec: { exactLeaves: true } });
    expect(studyRequestOf('pathology', draft).request).toEqual(studyDescriptor('pathology').example);
    setDraftAt(draft, 'spec.exactLeaves', false);
    expect(studyRequestOf('pathology', draft).request).toMatchObject({ spec: { exactLeaves: false } });
  });

  test('a variant chosen in the form opens at its initial values', () => {
    const draft = initialStudyDraft('match');
    setDraftAt(draft, 'limit.kind', 'time');
    expect(studyRequestOf('match', draft).request).toMatchObject({ limit: { kind: 'time', ms: 50 } });
    const p = initialStudyDraft('pathology');
    setDraftAt(p, 'spec.model.kind', 'prefix');
    setDraftAt(p, 'spec.noise.kind', 'uniform');
    setDraftAt(p, 'spec.noise.e', '4');
    expect(studyRequestOf('pathology', p).request).toMatchObject({
      spec: { model: { kind: 'prefix', degree: 2, height: 4, damage: 6 }, noise: { kind: 'uniform', e: 4 } },
    });
  });

  test("rules across fields are refused by the form with the computation's words", () => {
    const c4 = initialStudyDraft('c4');
    setDraftAt(c4, 'step', 'minimax');
    setDraftAt(c4, 'weak', true);
    expect(studyRequestOf('c4', c4).errors).toEqual({
      weak: expect.stringContaining('weak solving needs a score window'),
    });
    const othello = initialStudyDraft('othello');
    setDraftAt(othello, 'algorithm', 'minimax');
    setDraftAt(othello, 'weak', true);
    expect(studyRequestOf('othello', othello).errors).toEqual({
      weak: expect.stringContaining('weak solving needs a window'),
    });
    // Pathology: the experiment's own check (shared/althofer/pathology.ts) once every field is in range.
    const p = initialStudyDraft('pathology');
    setDraftAt(p, 'spec.model.kind', 'prefix');
    expect(studyRequestOf('pathology', p).errors).toEqual({
      spec: expect.stringContaining('noise.kind = flip is not allowed on prefix value trees'),
    });
    setDraftAt(p, 'spec.model.kind', 'uniform');
    setDraftAt(p, 'spec.model.height', '24');
    setDraftAt(p, 'spec.model.degree', '16');
    expect(studyRequestOf('pathology', p).errors).toEqual({
      spec: expect.stringContaining('model.height = 24 is not allowed with degree 16'),
    });
    setDraftAt(p, 'spec.model.height', '25');
    expect(studyRequestOf('pathology', p).errors).toEqual({
      'spec.model.height': '25 is not allowed: it must be an integer in [1..24]',
    });
  });

  test("the Monte-Carlo check's cell is the view's: no input, and a missing one is not the form's message", () => {
    const example = studyDescriptor('li-mc').example as unknown as Record<string, unknown>;
    expect(studyFormFields('li-mc', ['target']).map((f) => f.path)).toEqual(['trees', 'seed']);
    const draft = initialStudyDraft('li-mc', example, ['target']);
    expect(studyRequestOf('li-mc', draft, { target: undefined }).errors).toHaveProperty('target');
    setDraftAt(draft, 'trees', '1');
    expect(studyRequestOf('li-mc', draft, { target: example.target }).errors).toEqual({
      trees: '1 is not allowed: it must be an integer in [2..10000000]',
    });
  });
});
