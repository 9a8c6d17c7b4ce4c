/** Read and validate a gtlab-graph file for a command; every failure is a UsageError naming the file. */
import { readText } from './files.ts';
import { UsageError } from './usage-error.ts';
import type { Graph } from '../shared/game/graph.ts';
import { parseGraphFile } from '../shared/io/graph-file.ts';
import { FormatError } from '../shared/io/format-error.ts';

export function loadGraph(path: string, maxNodes?: number): Graph {
  const text = readText(path, 'graph file');
  try {
    return parseGraphFile(text, maxNodes === undefined ? {} : { maxNodes });
  } catch (e) {
    if (e instanceof FormatError) throw new UsageError(`${path}: ${e.message}`);
    throw e;
  }
}
