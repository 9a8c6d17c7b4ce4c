/**
 * A figure's settings (`gtlab-figure` v1): which series in which order and under which names, title and
 * subtitle, size in px or cm (a journal's column: 8.5 cm, or two columns: 17.5 cm), font size, legend
 * place, chart mode, counter, and whether runs compared share one plot or are drawn one panel per algorithm. The app's Export tab edits one, saves it beside the run and the figure,
 * and `gtlab plot RUN --figure FIG.json` draws the same figure from it (./compare-runs.ts).
 */
import { z } from 'zod';
import { describeIssues } from '../util/describe-issues.ts';
import { strictObject } from '../util/strict-object.ts';
import { plainText } from '../util/control-characters.ts';
import { describeJsonProblem, readJsonText } from '../io/json-text.ts';

export const CHART_MODES = ['ratio', 'absolute', 'scatter'] as const;
export type ChartMode = (typeof CHART_MODES)[number];
export const COUNTERS = ['visited', 'expanded', 'leaves'] as const;
/** right of the plot, under it, inside its top right corner, or none */
export const LEGEND_PLACES = ['auto', 'right', 'bottom', 'inside', 'off'] as const;
export type LegendPlace = (typeof LEGEND_PLACES)[number];
/** a journal's single and double column widths */
export const COLUMN_WIDTHS_CM = { single: 8.5, double: 17.5 } as const;
/** 96 CSS px per inch, 2.54 cm per inch */
export const PX_PER_CM = 96 / 2.54;
/** 96 CSS px per inch, 72 pt per inch: a text size in pt is this many px in a figure laid out at 96 dpi */
export const PX_PER_PT = 96 / 72;

/**
 * A text size in pt as the figure's font size in CSS px, to 0.01 px: the figure is laid out at 96 px per
 * inch as its size in cm is (PX_PER_CM), so the text prints at its size in pt wherever the figure is
 * placed at its own size (the PDF at 0.75 pt per px, the PNG at 300 dpi with its resolution marked).
 */
export function ptToPx(pt: number): number {
  return Number((pt * PX_PER_PT).toFixed(2));
}
export const MAX_RUNS = 6;
/** runs compared on one plot, or one panel per algorithm (the run told by colour, the ordering by dash) */
export const PANEL_MODES = ['none', 'algorithm'] as const;
export type PanelMode = (typeof PANEL_MODES)[number];
/** from this many runs on, a comparison is drawn one panel per algorithm unless the figure says otherwise */
export const PANELS_FROM_RUNS = 3;
/** the figure settings saved in a run folder, read by `gtlab plot RUN_DIR` */
export const FIGURE_FILE = 'figure.json';
/** 6.5 in × 4 in at 96 CSS px per inch: a full text-width figure */
export const FIGURE_WIDTH = 624;
export const FIGURE_HEIGHT = 384;
export const FIGURE_FONT_SIZE = 12;

const SIZE_RANGE = { px: { min: 200, max: 4000 }, cm: { min: 4, max: 100 } } as const;

export const FigureSpecSchema = strictObject({
  format: z.literal('gtlab-figure'),
  version: z.literal(1),
  mode: z.enum(CHART_MODES).default('ratio'),
  /** default: the run's spec (measure.counter) */
  counter: z.enum(COUNTERS).optional(),
  /** the series drawn, in this order, optionally renamed; default every series of the first run */
  series: z
    .array(
      strictObject({
        id: plainText(z.string().min(1).max(200)),
        label: plainText(z.string().min(1).max(120)).optional(),
      }),
    )
    .min(1)
    .max(64)
    .superRefine((list, ctx) => {
      list.forEach((s, k) => {
        const first = list.findIndex((o) => o.id === s.id);
        if (first !== k)
          ctx.addIssue({
            code: 'custom',
            path: [k, 'id'],
            message: `"${s.id}" is listed twice (also series.${first}): each series is drawn once`,
          });
      });
    })
    .optional(),
  /** names of the runs in a comparison (by default each run's name) */
  runs: z
    .array(plainText(z.string().min(1).max(120)))
    .max(MAX_RUNS)
    .optional(),
  title: strictObject({
    show: z.boolean().default(true),
    text: plainText(z.string().max(300), true).optional(),
  }).default({ show: true }),
  subtitle: strictObject({ show: z.boolean().default(true) }).default({ show: true }),
  size: strictObject({ unit: z.enum(['px', 'cm']), width: z.number().positive(), height: z.number().positive() })
    .superRefine((s, ctx) => {
      const r = SIZE_RANGE[s.unit];
      for (const k of ['width', 'height'] as const) {
        if (s[k] < r.min || s[k] > r.max)
          ctx.addIssue({ code: 'custom', path: [k], message: `${k} must be ${r.min}..${r.max} ${s.unit}` });
      }
    })
    .default({ unit: 'px', width: FIGURE_WIDTH, height: FIGURE_HEIGHT }),
  /** px (CSS); the title is 2 px larger */
  fontSize: z.number().min(6).max(32).default(FIGURE_FONT_SIZE),
  legend: z.enum(LEGEND_PLACES).default('auto'),
  /** default: one panel per algorithm for PANELS_FROM_RUNS runs or more, else one plot */
  panels: z.enum(PANEL_MODES).optional(),
  /** the 95 % confidence bands of the ratio chart; default: for one run, not for a comparison */
  bands: z.boolean().optional(),
});

export type FigureSpec = z.output<typeof FigureSpecSchema>;
export type FigureSpecInput = z.input<typeof FigureSpecSchema>;

/** The default figure (6.5 × 4 in, every series, legend where it fits). */
export function defaultFigure(over: Partial<FigureSpecInput> = {}): FigureSpec {
  return FigureSpecSchema.parse({ format: 'gtlab-figure', version: 1, ...over });
}

export class FigureSpecError extends Error {}

/** A figure file's text → its settings, or an error naming each bad field and what is allowed. */
export function parseFigureSpec(text: string, source = 'figure'): FigureSpec {
  const json = readJsonText(text);
  if (!json.ok) {
    const p = json.problem;
    throw new FigureSpecError(
      p.kind === 'syntax'
        ? `${source}: not JSON (${p.reason} at line ${p.line}, column ${p.column})`
        : `${source}: ${describeJsonProblem(p)}`,
    );
  }
  const r = FigureSpecSchema.safeParse(json.value);
  if (!r.success) {
    throw new FigureSpecError(describeIssues(r.error, source));
  }
  return r.data;
}

/** The figure file's text (stable key order, as saved beside a run). */
export function figureSpecText(f: FigureSpec): string {
  return `${JSON.stringify(f, null, 2)}\n`;
}

/** The size in CSS px (cm at 96 dpi). */
export function figurePixels(f: Pick<FigureSpec, 'size'>): { width: number; height: number } {
  const k = f.size.unit === 'cm' ? PX_PER_CM : 1;
  return { width: Math.round(f.size.width * k), height: Math.round(f.size.height * k) };
}

/** The layout settings of a figure (./layout-rules.ts). */
export function figureLayout(f: FigureSpec): { width: number; height: number; fontSize: number; legend: LegendPlace } {
  return { ...figurePixels(f), fontSize: f.fontSize, legend: f.legend };
}
