/**
 * Files of the subtree the tree viewer shows (./trace-tree.ts): the nodes below a chosen node that are
 * shown (their ancestors opened), with their place in the minimum proof tree (Furtak & Buro 2009,
 * Sec. 5.2) and what each series spent there. JSON keeps every number (format `gtlab-trace`), with
 * what each ordering knew of the node as a child (Sec. 8: V_i and S_i, the key, the order searched); DOT and
 * TikZ (forest) draw it, labelled with the path, the proof's claim and the nodes each series spent
 * below. Provenance (spec, seed, tree, depth, version, and the region the trace holds: its focus node and
 * plies, ./trace-region.ts) travels with each file.
 */
import { ExportError } from '../io/export-error.ts';
import { shortNumber } from '../io/dot.ts';
import { TIKZ_MAX_NODES } from '../io/tikz.ts';
import { DOT_MAX_NODES } from '../io/dot.ts';
import { ALL, CUT, PV } from '../proof/proof-sink.ts';
import {
  KNOWN_SIZE_READ,
  KNOWN_TT_FIRST,
  KNOWN_VALUE_READ,
  ORDERED,
  pathTo,
  ROOT,
  type SeriesTrace,
  type TraceTree,
} from './trace-tree.ts';
import { describeRegion } from './trace-region.ts';
import { SIZE_KNOWN, SIZE_UNKNOWN_LAST, VALUE_RANDOM, VALUE_SEARCHED } from '../search/search-context.ts';

const TRACE_FORMAT = 'gtlab-trace';
export const TRACE_EXPORT_FORMATS = ['json', 'dot', 'tex'] as const;
export type TraceExportFormat = (typeof TRACE_EXPORT_FORMATS)[number];

export interface TraceProvenance {
  spec: string;
  seed: number;
  tree: number;
  depth: number;
  generator: string;
}

/** Nodes of the shown subtree of `top` in preorder: `top`, and the children of every open node below it. */
export function shownSubtree(t: TraceTree, open: Uint8Array, top: number): number[] {
  const out: number[] = [];
  const stack = [top];
  while (stack.length > 0) {
    const v = stack.pop()!;
    out.push(v);
    if (open[v] === 1 && t.first[v] >= 0)
      for (let c = t.first[v] + t.degree[v] - 1; c >= t.first[v]; c--) stack.push(c);
  }
  return out;
}

const ROLE = { [PV]: 'pv', [CUT]: 'cut', [ALL]: 'all' } as Record<number, string>;
const CLAIM = { [PV]: '=', [CUT]: '≥', [ALL]: '≤' } as Record<number, string>;
const TEX_CLAIM = { [PV]: '=', [CUT]: '\\ge', [ALL]: '\\le' } as Record<number, string>;

const pathLabel = (t: TraceTree, v: number): string =>
  v === ROOT
    ? 'root'
    : pathTo(t, v)
        .map((i) => i + 1)
        .join('.');
const finite = (x: number): number | null => (Number.isFinite(x) && Math.abs(x) < 1e9 ? x : null);

/** What the parent's last ordering in the final pass knew of v (ORDERED is set). */
function orderingJson(s: SeriesTrace, v: number): object {
  const k = s.known[v];
  const valueFrom = (k & VALUE_SEARCHED) !== 0 ? 'search' : (k & VALUE_RANDOM) !== 0 ? 'random' : 'estimate';
  const sizeFrom = (k & SIZE_KNOWN) !== 0 ? 'known' : s.key[v] === SIZE_UNKNOWN_LAST ? 'last' : 'stand-in';
  return {
    value:
      (k & KNOWN_VALUE_READ) !== 0 ? { from: valueFrom, v: valueFrom === 'random' ? null : s.childValue[v] } : null,
    size: (k & KNOWN_SIZE_READ) !== 0 ? { from: sizeFrom, s: sizeFrom === 'last' ? null : s.childSize[v] } : null,
    key: Number.isFinite(s.key[v]) ? s.key[v] : null, // +∞: first whatever the others' keys
    searched: s.rank[v] > 0 ? s.rank[v] : null,
    storedMoveFirst: (k & KNOWN_TT_FIRST) !== 0,
  };
}

export function traceJson(t: TraceTree, nodes: readonly number[], prov: TraceProvenance): string {
  const index = new Map(nodes.map((v, i) => [v, i]));
  return `${JSON.stringify(
    {
      format: TRACE_FORMAT,
      version: 1,
      ...prov,
      region: { ...t.region, words: describeRegion(t.region) },
      series: t.series.map((s) => s.label),
      counting:
        "visits: calls at the node over every iterative-deepening pass; spent: calls in its subtree (every pass, and the final pass); window/result/cut: the last call of the final pass; ordering: what the parent's last ordering in the final pass knew of the node (value from an earlier search, an estimate or random; size known, a stand-in, or unknown and put last), its key, and the place in which that call searched it",
      mptSize: t.mptSize,
      nodes: nodes.map((v) => ({
        id: index.get(v),
        parent: v === nodes[0] ? null : (index.get(t.parent[v]) ?? null),
        path: pathTo(t, v),
        ply: t.ply[v],
        children: t.first[v] >= 0 ? t.degree[v] : null,
        proof: t.role[v] >= 0 ? { role: ROLE[t.role[v]], bound: t.bound[v] } : null,
        series: t.series.map((s) => ({
          visits: s.visits[v],
          spent: s.spent[v],
          passSpent: s.passSpent[v],
          order: s.order[v],
          ...(s.passVisits[v] > 0
            ? {
                alpha: finite(s.alpha[v]),
                beta: finite(s.beta[v]),
                result: s.result[v],
                cut: s.cut[v] >= 0 ? s.cut[v] : null,
              }
            : {}),
          ...((s.known[v] & ORDERED) !== 0 ? { ordering: orderingJson(s, v) } : {}),
        })),
      })),
    },
    null,
    1,
  )}\n`;
}

function check(format: string, n: number, max: number): void {
  if (n > max)
    throw new ExportError(
      format,
      `the shown subtree has ${n} nodes, more than ${max}: close some nodes or export JSON`,
    );
}

function traceDot(t: TraceTree, nodes: readonly number[], prov: TraceProvenance): string {
  check('DOT', nodes.length, DOT_MAX_NODES);
  const inSet = new Set(nodes);
  const out = [
    `// Game Tree Lab trace: ${prov.spec}, seed ${prov.seed}, tree ${prov.tree}, depth ${prov.depth}; ${prov.generator}`,
    `// region of the trace: ${describeRegion(t.region)}`,
    `// label: path, proof claim, then per series (${t.series.map((s) => s.label).join('; ')}) the nodes spent below (every pass)`,
    'digraph trace {',
    '  graph [ordering=out];',
    '  node [fontname="Helvetica", shape=box];',
  ];
  for (const v of nodes) {
    const r = t.role[v];
    const label = [
      pathLabel(t, v),
      r >= 0 ? `${CLAIM[r]} ${shortNumber(t.bound[v])}` : '',
      t.series.map((s) => shortNumber(s.spent[v])).join(' / '),
    ]
      .filter(Boolean)
      .join('\\n');
    const attrs = [`label="${label}"`, `shape=${t.ply[v] % 2 === 0 ? 'box' : 'ellipse'}`];
    if (r >= 0) attrs.push('style=filled', 'fillcolor="#ffe08a"');
    out.push(`  n${v} [${attrs.join(', ')}];`);
  }
  for (const v of nodes) {
    if (v === nodes[0] || !inSet.has(t.parent[v])) continue;
    const p = t.parent[v];
    out.push(`  n${p} -> n${v}${t.role[p] >= 0 && t.role[v] >= 0 ? ' [style=bold, penwidth=2]' : ''};`);
  }
  out.push('}');
  return `${out.join('\n')}\n`;
}

function traceTikz(t: TraceTree, nodes: readonly number[], prov: TraceProvenance): string {
  check('TikZ', nodes.length, TIKZ_MAX_NODES);
  const inSet = new Set(nodes);
  const out = [
    `% Game Tree Lab trace (\\usepackage{forest}): ${prov.spec}, seed ${prov.seed}, tree ${prov.tree}, depth ${prov.depth}; ${prov.generator}`,
    `% region of the trace: ${describeRegion(t.region)}`,
    `% Node: the proof's claim (shaded: in the minimum proof tree), below it the nodes spent per series: ${t.series.map((s) => s.label).join('; ')}`,
    '\\begin{forest}',
    '  for tree={draw, align=center, inner sep=2pt, s sep=2mm, l sep=6mm, font=\\scriptsize},',
    '  p0/.style={rectangle}, p1/.style={circle},',
    '  proof/.style={fill=yellow!40, thick}, proof edge/.style={edge={very thick}},',
  ];
  const visit = (v: number, depth: number): void => {
    const r = t.role[v];
    const claim = r >= 0 ? `$${TEX_CLAIM[r]} ${shortNumber(t.bound[v])}$` : '';
    const spent = t.series.map((s) => shortNumber(s.spent[v])).join('/');
    const opts = [`{${[claim, spent].filter(Boolean).join('\\\\')}}`, `p${t.ply[v] % 2}`];
    if (r >= 0) opts.push('proof');
    if (r >= 0 && v !== nodes[0] && t.role[t.parent[v]] >= 0) opts.push('proof edge');
    const pad = '  '.repeat(depth + 1);
    const kids: number[] = [];
    if (t.first[v] >= 0) for (let c = t.first[v]; c < t.first[v] + t.degree[v]; c++) if (inSet.has(c)) kids.push(c);
    if (kids.length === 0) {
      out.push(`${pad}[${opts.join(', ')}]`);
      return;
    }
    out.push(`${pad}[${opts.join(', ')}`);
    for (const c of kids) visit(c, depth + 1);
    out.push(`${pad}]`);
  };
  visit(nodes[0], 0);
  out.push('\\end{forest}');
  return `${out.join('\n')}\n`;
}

export function exportTrace(
  t: TraceTree,
  nodes: readonly number[],
  prov: TraceProvenance,
  format: TraceExportFormat,
): string {
  if (format === 'json') return traceJson(t, nodes, prov);
  if (format === 'dot') return traceDot(t, nodes, prov);
  return traceTikz(t, nodes, prov);
}
