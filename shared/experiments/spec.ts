/**
 * The experiment spec: what a run computes, as a versioned JSON document that the app, the CLI
 * (`gtlab run SPEC`) and the browser adapter all execute with the same runner. A tree model with its
 * parameters, how many trees from which seed, the search depth (iterative deepening 1..D), the series
 * (algorithm × move ordering) and what to measure. Validated with zod; errors name the field path.
 */
import { z } from 'zod';
import { ORDERING_SYNTAX, parseOrdering } from '../search/ordering/parse-ordering.ts';
import { fieldsOf, intField, optionalChoiceField, type FieldMeta } from '../util/fields.ts';
import { algorithmDescriptor, SERIES_ALGORITHMS } from '../search/registry.ts';
import { MODEL_KINDS, ModelSchema, modelDescriptor } from '../models/registry.ts';
import { EXPERIMENT_MAX_DEPTH, MAX_DEPTH } from '../util/range.ts';
import { strictObject } from '../util/strict-object.ts';
import { plainText } from '../util/control-characters.ts';
import { dottedPath, zodIssues } from '../util/zod-issues.ts';
import { valueOrJson } from '../io/value-or-json.ts';
import { SIZE_INFOS, TT_MOVES, type SizeInfo, type TtMove } from '../search/search-context.ts';

export const SPEC_FORMAT = 'gtlab-experiment';

/**
 * The two minimum proof tree sizes of a depth-d tree (Furtak & Buro 2009, Sec. 2 and 5.2): `seen`, of the
 * tree the searches proved (its horizon scored as they scored it), and `true`, of the same tree with the
 * exact values at its horizon. They differ only where the horizon scores heuristic values.
 */
const DENOMINATORS = ['seen', 'true'] as const;
export type Denominator = (typeof DENOMINATORS)[number];
const DENOMINATOR_HELP =
  'seen (the minimum proof of the tree the searches proved, horizon as they scored it) or true (exact values at the horizon)';
/**
 * Counters a summary divides: every node a search visits (comparable with the minimum proof's size, which
 * counts leaves too), or the interior nodes it expands (counters.ts).
 */
const COUNTERS = ['visited', 'expanded'] as const;
const COUNTER_HELP =
  'visited (every node, leaves included: the measure of the minimum proof size) or expanded (interior nodes only)';
export const SPEC_VERSION = 1;

/** How a series may search, in place of the spec's `iterative`: iterative deepening, or one plain search. */
const DEEPENINGS = ['iterative', 'plain'] as const;

/**
 * Memories a series may keep between passes (iterative-deepening.ts): the orderings need the annotations.
 * MTD(f) keeps a table beside them unless `annotations-only`.
 */
const SERIES_MEMORIES = ['annotations', 'both', 'annotations-only'] as const;

/**
 * What the orderings may know, and how MTD(f) starts its passes (Furtak & Buro 2009, Sec. 8). Optional in
 * the file, so that a spec written before they existed loads and means what it meant: absent sizeInfo is
 * `all` (S_i known for every child), absent ttMove `first`, absent guess `previous`; the Figure 4 presets
 * set them explicitly. The stand-in matters only when sizeInfo is not `all`.
 */
const SIZE_INFO_HELP =
  "all (S_i, the out-degree, known for every child), searched (only for children an earlier pass searched) or expanded (only for children an earlier pass expanded; the paper's reading)";
export const SIZE_STAND_INS = ['mean', 'last'] as const;
export type SizeStandIn = (typeof SIZE_STAND_INS)[number];
const SIZE_STAND_IN_HELP =
  "mean (the model's mean out-degree) or last (after the children with a known S_i, ordered among themselves by value)";
const TT_MOVE_HELP =
  "first (the transposition table's stored move before any ordering) or ordered (no priority: the ordering decides)";
export const GUESSES = ['previous', 'zero'] as const;
const GUESS_HELP = "previous (the previous pass's value) or zero";
export { SIZE_INFOS, TT_MOVES, type SizeInfo };

const text = (lo: number, hi: number, label: string, allowed: string, lines = false) =>
  plainText(z.string().min(lo).max(hi), lines).meta({ label, allowed });

const SeriesSchema = strictObject({
  algorithm: z.enum(SERIES_ALGORITHMS),
  ordering: z
    .string()
    .superRefine((s, ctx) => {
      try {
        parseOrdering(s);
      } catch (e) {
        ctx.addIssue({ code: 'custom', message: (e as Error).message });
      }
    })
    .meta({ label: 'Ordering', allowed: ORDERING_SYNTAX }),
  /**
   * memory between iterative-deepening passes: the annotation tree of the previous passes' values (the
   * orderings read it), or that and a transposition table (bounds and the best move of the last pass
   * tried first; F&B Sec. 9's "future work")
   */
  memory: z
    .enum(SERIES_MEMORIES)
    .meta({
      label: 'Memory',
      allowed:
        'annotations, both (annotations and a transposition table), or annotations-only (no table, MTD(f) included)',
    })
    .optional(),
  /**
   * iterative deepening or one plain search for this series alone, in place of the spec's `iterative`
   * (models of real positions searched to the end, where a run compares both: ModelDescriptor.positions)
   */
  deepening: optionalChoiceField(DEEPENINGS, 'Deepening', "the spec's iterative deepening"),
  /** shown in charts and tables; default "algorithm / ordering" (+ " + TT" with a table) */
  label: text(1, 80, 'Label', '1 to 80 characters, or empty for the default').optional(),
}).meta({ label: 'Series', allowed: 'distinct labels' });

/** The longest description a spec may carry. */
export const DESCRIPTION_MAX = 4000;

export const ExperimentSpecSchema = strictObject({
  format: z.literal(SPEC_FORMAT),
  version: z.literal(SPEC_VERSION),
  name: text(1, 200, 'Name', '1 to 200 characters'),
  description: text(0, DESCRIPTION_MAX, 'Description', `at most ${DESCRIPTION_MAX} characters`, true).optional(),
  model: ModelSchema.meta({ label: 'Model', allowed: `one of ${MODEL_KINDS.join(', ')}` }),
  /** number of trees; tree i is generated from (seed, i) whatever worker runs it */
  trees: intField(1, 100_000, 'Trees', { hint: '1..100000' }),
  seed: intField(-(2 ** 53 - 1), 2 ** 53 - 1, 'Seed', { allowed: 'a safe integer' }),
  /** deepest search; iterative deepening runs depths 1..depth */
  depth: intField(1, EXPERIMENT_MAX_DEPTH, 'Depth', { hint: `1..${EXPERIMENT_MAX_DEPTH}` }),
  /**
   * height of the generated trees (default: depth, so the deepest pass reaches the terminal nodes);
   * taller trees keep every pass's horizon above the terminal nodes, where it scores heuristic values
   */
  height: intField(1, MAX_DEPTH, 'Tree height', {
    hint: `depth..${MAX_DEPTH}`,
    allowed: `an integer in [depth..${MAX_DEPTH}], or empty for the depth`,
  }).optional(),
  /** iterative deepening 1..depth (annotations order the next pass); false: depth only */
  iterative: z.boolean().meta({ label: 'Iterative deepening', allowed: 'on or off' }).default(true),
  /** V_i of children no previous pass searched: the static estimate, or random (F&B Sec. 8) */
  unexpanded: z
    .enum(['estimate', 'random'])
    .meta({ label: 'Never-searched children', allowed: 'estimate or random' })
    .default('estimate'),
  /** for which children the orderings know S_i (absent: all) */
  sizeInfo: z
    .enum(SIZE_INFOS)
    .meta({
      label: 'Child sizes known',
      allowed: SIZE_INFO_HELP,
      description: "which children's S_i (out-degree) an ordering may read; the others get the stand-in",
    })
    .optional(),
  /** S_i of a child whose size is unknown (absent: mean) */
  sizeStandIn: z
    .enum(SIZE_STAND_INS)
    .meta({
      label: 'Unknown size stand-in',
      allowed: SIZE_STAND_IN_HELP,
      description: 'what an ordering uses for S_i of a child whose size it may not know',
    })
    .optional(),
  /** the transposition table's stored move (series with a table, MTD(f)): first or ordered (absent: first) */
  ttMove: z
    .enum(TT_MOVES)
    .meta({
      label: 'Stored move',
      allowed: TT_MOVE_HELP,
      description: "whether a transposition table's best move is searched before the ordering's first choice",
    })
    .optional(),
  /** MTD(f)'s first guess of each pass (absent: previous) */
  guess: z
    .enum(GUESSES)
    .meta({
      label: 'MTD(f) first guess',
      allowed: GUESS_HELP,
      description: 'where each iterative-deepening pass of MTD(f) starts its null-window tests',
    })
    .optional(),
  series: z.array(SeriesSchema).min(1).max(32).meta({ label: 'Series', allowed: '1 to 32 algorithm × ordering pairs' }),
  measure: strictObject({
    /** exact minimum proof graph (tree) sizes of the depth-d tree at every depth: `seen` and `true` */
    mpg: z.boolean().default(true),
    /** what summaries and figures divide by (both are measured; see DENOMINATORS) */
    denominator: z.enum(DENOMINATORS).meta({ label: 'Denominator', allowed: DENOMINATOR_HELP }).default('seen'),
    /** what summaries and figures count (see COUNTERS) */
    counter: z.enum(COUNTERS).meta({ label: 'Counter', allowed: COUNTER_HELP }).default('visited'),
    /**
     * also the fewest interior nodes of a proof of the denominator's tree, which the expanded-node view
     * divides by (costs about a third more than the two denominators)
     */
    interior: z.boolean().meta({ label: 'Interior view', allowed: 'on or off' }).default(false),
  }).default({ mpg: true, denominator: 'seen', counter: 'visited', interior: false }),
  limits: strictObject({
    /** stop a search past this many visited nodes (protects a run from a runaway setting) */
    maxVisitedPerSearch: intField(1, 2 ** 40, 'Max visited per search', { allowed: 'an integer in [1..2^40]' }).default(
      50_000_000,
    ),
    /** largest tree materialised when a model needs it (MPG of models without on-the-fly values) */
    maxNodes: intField(1, 50_000_000, 'Max materialised nodes').default(2_000_000),
  }).default({ maxVisitedPerSearch: 50_000_000, maxNodes: 2_000_000 }),
});

export type ExperimentSpec = z.infer<typeof ExperimentSpecSchema>;
export type ExperimentSpecInput = z.input<typeof ExperimentSpecSchema>;
export type ModelSpec = ExperimentSpec['model'];
export type SeriesSpec = ExperimentSpec['series'][number];

export class SpecError extends Error {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues.map((i) => `${i.path || '(spec)'}: ${i.message}`).join('; '));
    this.name = 'SpecError';
  }
}

let specFields: Record<string, FieldMeta> | undefined;
/** A spec field's label, as the form shows it ("Tree height"): the capability checks name fields so. */
function label(path: string): string {
  specFields ??= fieldsOf(ExperimentSpecSchema);
  return specFields[path].label;
}

/**
 * Validate a spec (parsed JSON or text). Throws SpecError naming every offending field (its path in
 * front; a rule's words name the fields by their labels).
 */
export function parseSpec(input: unknown): ExperimentSpec {
  const data = valueOrJson(input, (message, path) => new SpecError([{ path, message }]));
  const r = ExperimentSpecSchema.safeParse(data);
  if (!r.success) {
    throw new SpecError(
      zodIssues(r.error).map((i) => ({ path: dottedPath(i.path), message: withModelKind(i.path, i.message, data) })),
    );
  }
  const spec = r.data;
  const model = modelDescriptor(spec.model.kind);
  if (spec.height !== undefined && (spec.height < spec.depth || spec.height > model.maxDepth)) {
    throw new SpecError([
      {
        path: 'height',
        message: `${spec.height} is not allowed: it must be an integer in [depth..${model.maxDepth}] (depth ${spec.depth}; ${spec.model.kind} trees are at most ${model.maxDepth} high), or empty for the depth`,
      },
    ]);
  }
  if (spec.height !== undefined && spec.height > spec.depth && !model.capabilities.staticEvaluation) {
    throw new SpecError([
      {
        path: 'height',
        message: `${spec.model.kind} trees have no static evaluation inside, so they can only be searched to their full height: leave ${label('height')} empty`,
      },
    ]);
  }
  if (model.positions !== undefined) {
    const lines = model.positions.lines(spec.model);
    if (spec.trees > lines) {
      throw new SpecError([
        {
          path: 'trees',
          message: `${spec.trees} is not allowed: the model has ${lines} positions, so ${label('trees')} must be an integer in [1..${lines}]`,
        },
      ]);
    }
    const message = model.positions.checkDepth(spec.model, spec.depth);
    if (message !== null) throw new SpecError([{ path: 'depth', message }]);
  }
  const k = spec.series.findIndex((s) => s.deepening !== undefined);
  if (k >= 0 && model.positions === undefined) {
    throw new SpecError([
      {
        path: `series.${k}.deepening`,
        message: `only models of real positions searched to the end take a deepening per series; ${spec.model.kind} trees take the spec's ${label('iterative')}: leave ${label('series.*.deepening')} empty`,
      },
    ]);
  }
  if (spec.iterative && !model.capabilities.staticEvaluation) {
    throw new SpecError([
      {
        path: 'iterative',
        message: `${spec.model.kind} trees have no static evaluation inside, so they can only be searched to the full depth: turn ${label('iterative')} off`,
      },
    ]);
  }
  const labels = new Set<string>();
  spec.series.forEach((s, k) => {
    if (algorithmDescriptor(s.algorithm).capabilities.needsIntegerValues && !model.capabilities.integerValues) {
      throw new SpecError([
        {
          path: `series.${k}.algorithm`,
          message: `${algorithmDescriptor(s.algorithm).displayName} needs integer values, and ${spec.model.kind} trees have others`,
        },
      ]);
    }
    const l = seriesLabel(s);
    if (labels.has(l)) throw new SpecError([{ path: `series.${k}`, message: `duplicate series "${l}"` }]);
    labels.add(l);
  });
  return spec;
}

/**
 * A model field's message names the model kind the spec chose, since the fields and their ranges depend
 * on it ("model.bmax: 99 is not allowed: … (in a prefix-value model)").
 */
function withModelKind(path: readonly PropertyKey[], message: string, data: unknown): string {
  if (path[0] !== 'model' || path.length < 2 || path[1] === 'kind') return message;
  const kind = (data as { model?: { kind?: unknown } } | null)?.model?.kind;
  return typeof kind === 'string' && kind.length <= 40 ? `${message} (in a ${kind} model)` : message;
}

export function seriesLabel(s: SeriesSpec): string {
  return (
    s.label ??
    `${s.algorithm} / ${s.ordering}${s.memory === 'both' ? ' + TT' : s.memory === 'annotations-only' ? ' (no TT)' : ''}${deepeningSuffix(s)}`
  );
}

/** What the spec's orderings may know and how MTD(f) starts, with absent fields read as their defaults. */
export interface SearchKnowledge {
  sizeInfo: SizeInfo;
  sizeStandIn: SizeStandIn;
  ttMove: TtMove;
  guess: (typeof GUESSES)[number];
}

export function searchKnowledge(
  spec: Pick<ExperimentSpec, 'sizeInfo' | 'sizeStandIn' | 'ttMove' | 'guess'>,
): SearchKnowledge {
  return {
    sizeInfo: spec.sizeInfo ?? 'all',
    sizeStandIn: spec.sizeStandIn ?? 'mean',
    ttMove: spec.ttMove ?? 'first',
    guess: spec.guess ?? 'previous',
  };
}

/** A series' own deepening as labels and summaries name it: " / ID", " / plain", or nothing (the spec's). */
export function deepeningSuffix(s: SeriesSpec): string {
  return s.deepening === undefined ? '' : s.deepening === 'iterative' ? ' / ID' : ' / plain';
}

/** Whether series `s` of `spec` searches by iterative deepening: its own choice, else the spec's. */
export function seriesIterative(spec: ExperimentSpec, s: SeriesSpec): boolean {
  return s.deepening === undefined ? spec.iterative : s.deepening === 'iterative';
}

/** Height of the trees a run generates: the spec's height, else its depth. */
export function specHeight(spec: ExperimentSpec): number {
  return spec.height ?? spec.depth;
}

/**
 * The depths a run measures: 1..depth with iterative deepening, else depth alone; for models of real
 * positions (ModelDescriptor.positions) what the model says, e.g. the empty squares k of Othello endgames.
 */
export function specDepths(spec: ExperimentSpec): number[] {
  const positions = modelDescriptor(spec.model.kind).positions;
  if (positions !== undefined) return positions.depths(spec.model, spec.depth);
  return spec.iterative ? Array.from({ length: spec.depth }, (_, k) => k + 1) : [spec.depth];
}

/** What a run's depth is, as figures name their x axis: the search depth, or what the model's positions say (e.g. empty squares k). */
export function depthAxisName(spec: ExperimentSpec): string {
  return modelDescriptor(spec.model.kind).positions?.axis ?? 'search depth';
}

/** JSON Schema of the spec file, for editors. */
export function specJsonSchema(): unknown {
  return z.toJSONSchema(ExperimentSpecSchema, { io: 'input' });
}
