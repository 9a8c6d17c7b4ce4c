/**
 * Export dispatch: a Graph in one of the file formats the CLI and the app can write, chosen by name
 * or by the output file's extension (.json → gtlab-graph, .dot/.gv → Graphviz, .graphml → GraphML,
 * .tex → TikZ forest).
 */
import type { Graph } from '../game/graph.ts';
import { toDot } from './dot.ts';
import { ExportError } from './export-error.ts';
import { serializeGraph } from './graph-file.ts';
import { toGraphML } from './graphml.ts';
import { toTikz } from './tikz.ts';

export type ExportFormat = 'json' | 'dot' | 'graphml' | 'tex';

const EXTENSIONS: Readonly<Record<string, ExportFormat>> = {
  '.json': 'json',
  '.dot': 'dot',
  '.gv': 'dot',
  '.graphml': 'graphml',
  '.tex': 'tex',
};

export interface ExportOptions {
  /** node limit passed to the DOT, GraphML and TikZ exporters (each has its own default) */
  maxNodes?: number;
}

export function exportGraph(
  g: Graph,
  format: ExportFormat,
  proofNodes?: Iterable<number>,
  options: ExportOptions = {},
): string {
  switch (format) {
    case 'json':
      // A gtlab-graph file has no place for a proof; dropping it silently would surprise.
      if (proofNodes)
        throw new ExportError(
          'JSON',
          'a gtlab-graph file cannot hold a proof; write the proof to its own gtlab-proof file',
        );
      return serializeGraph(g);
    case 'dot':
      return toDot(g, { proofNodes, maxNodes: options.maxNodes });
    case 'graphml':
      return toGraphML(g, { proofNodes, maxNodes: options.maxNodes });
    case 'tex':
      return toTikz(g, { proofNodes, maxNodes: options.maxNodes });
    default:
      throw new ExportError(String(format), `unknown format; allowed: json, dot, graphml, tex`);
  }
}

/** The export format for an output path, from its extension (case-insensitive). */
export function formatFromPath(path: string): ExportFormat {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
  const format = Object.hasOwn(EXTENSIONS, ext) ? EXTENSIONS[ext] : undefined;
  if (!format) {
    throw new ExportError(
      'file',
      `cannot tell the format of "${path}" ${ext ? `from its extension ${ext}` : '(it has no extension)'}; allowed extensions: ${Object.keys(EXTENSIONS).join(', ')}`,
    );
  }
  return format;
}
