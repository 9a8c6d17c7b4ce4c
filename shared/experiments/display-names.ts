/**
 * The names a reader sees for what specs and results write as ids: algorithms ("alphabeta" → "α-β"),
 * orderings ("estimate" → "value", "fcf-weighted:…" → "value + FCF"; in the spec form, with their
 * parameters: "fcf-weighted:1,0,8" → "value + FCF · weights 1, 0, 8"), series labels
 * ("mtdf / value+FCF" → "MTD(f) / value + FCF") and spec fields ("model.noise.e" → "estimate error E").
 * The names themselves live in the descriptors (AlgorithmDescriptor.displayName, ORDERING_NAMES,
 * FieldMeta.name); this file only reads them. Figures, legends, tables and CSV comment lines show these
 * names; files, result lines and CSV columns keep the ids.
 */
import { ALGORITHM_REGISTRY } from '../search/registry.ts';
import { ORDERING_NAMES, orderingDisplayName } from '../search/ordering/parse-ordering.ts';
import { fieldName, fieldsOf, type FieldMeta } from '../util/fields.ts';
import { ExperimentSpecSchema, seriesLabel, type SeriesSpec } from './spec.ts';

const ALGORITHM_NAMES = new Map<string, string>(ALGORITHM_REGISTRY.map((d) => [d.name, d.displayName]));
/** The labels' words for orderings ("value+FCF") and their display names, longest first. */
const LABEL_WORDS = Object.values(ORDERING_NAMES)
  .flatMap((o) => ('label' in o ? [[o.label, o.display] as const] : []))
  .sort((a, b) => b[0].length - a[0].length);

/** An algorithm's display name ("negascout" → "NegaScout"); an unknown id stays as it is. */
export function algorithmName(id: string): string {
  return ALGORITHM_NAMES.get(id) ?? id;
}

/**
 * An ordering's name as the spec form shows it beside the string (the full string, which for a learned
 * table runs to hundreds of characters, stays on hover): its display name from ORDERING_NAMES, the word
 * figures use ("FCF S/P"), then its parameters and, for the orderings that take P_i, "hard P" or
 * "learned P" ("fcf-weighted:1,0,8" → "value + FCF · weights 1, 0, 8"). A string that is not an ordering is named by
 * itself: the form's validation says what is wrong with it.
 */
export function orderingName(spec: string): string {
  const text = spec.trim();
  const semi = text.indexOf(';');
  const head = semi < 0 ? text : text.slice(0, semi);
  const colon = head.indexOf(':');
  const kind = colon < 0 ? head : head.slice(0, colon);
  const arg = colon < 0 ? '' : head.slice(colon + 1);
  if (!Object.hasOwn(ORDERING_NAMES, kind)) return text;
  const parts: string[] = [ORDERING_NAMES[kind as keyof typeof ORDERING_NAMES].display];
  if (kind === 'random' && arg) parts.push(`seed ${arg}`);
  else if (kind === 'fcf-weighted' && arg) parts.push(`weights ${arg.split(',').join(', ')}`);
  else if ((kind === 'fcf-linear' || kind === 'fcf-threshold') && arg) parts.push(`C = ${arg}`);
  if (semi >= 0) parts.push(text.slice(semi + 1).startsWith('learned') ? 'learned P' : 'hard P');
  return parts.join(' · ');
}

/** One " / " part of a series label: an algorithm id, or a part that starts with an ordering's word or syntax. */
function partName(part: string): string {
  const algorithm = ALGORITHM_NAMES.get(part);
  if (algorithm !== undefined) return algorithm;
  const space = part.indexOf(' ');
  const head = space < 0 ? part : part.slice(0, space);
  const rest = space < 0 ? '' : part.slice(space);
  const word = LABEL_WORDS.find(([w]) => w === head);
  if (word) return word[1] + rest;
  const ordering = orderingDisplayName(head);
  return ordering === undefined ? part : ordering + rest;
}

/**
 * A series label read with display names: each " / " part that names an algorithm or an ordering is
 * replaced by its display name ("alphabeta / value+FCF + TT" → "α-β / value + FCF + TT"), other words kept.
 */
export function labelName(label: string): string {
  return label.split(' / ').map(partName).join(' / ');
}

/**
 * The display names of a list of series labels, in order. Labels whose display names would coincide
 * (two weightings of one ordering both read "value + FCF") keep their ids, so no two names are equal.
 */
export function labelNames(labels: readonly string[]): string[] {
  const names = labels.map(labelName);
  const count = new Map<string, number>();
  for (const n of names) count.set(n, (count.get(n) ?? 0) + 1);
  return names.map((n, k) => (count.get(n)! > 1 ? labels[k] : n));
}

/** The display names of a spec's series (labels read as labelNames reads them). */
export function seriesNames(series: readonly SeriesSpec[]): string[] {
  return labelNames(series.map(seriesLabel));
}

/** Each series' id (its label, as results keep it) beside its display name. */
export function seriesIdsAndNames(series: readonly SeriesSpec[]): { id: string; name: string }[] {
  const names = seriesNames(series);
  return series.map((s, k) => ({ id: seriesLabel(s), name: names[k] }));
}

let specFields: Record<string, FieldMeta> | undefined;

/** A spec field's display name by its dotted path ("model.damage" → "damage D"); an unknown path stays. */
function specFieldName(path: string): string {
  specFields ??= fieldsOf(ExperimentSpecSchema);
  const meta = specFields[path];
  return meta ? fieldName(meta) : path;
}

/**
 * A sweep axis's display name: a field, a joint axis of fields that vary together ("model.bmin,model.bmax"
 * → "branching", whose values read "4..12"), or a product of axes ("ttMove*model.horizon" → "TT move ×
 * horizon evaluation").
 */
export function axisName(axis: string): string {
  return axis
    .split('*')
    .map((product) => {
      const names = product.split(',').map((p) => specFieldName(p.trim()));
      const [lo, hi] = names;
      if (names.length === 2 && lo.startsWith('min ') && hi === `max ${lo.slice(4)}`) return lo.slice(4);
      return names.join(', ');
    })
    .join(' × ');
}
