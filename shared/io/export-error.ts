/**
 * Error raised by the exporters (DOT, GraphML, TikZ, export dispatch) when a graph cannot or should not
 * be drawn in the asked format: too many nodes, a DAG for a tree-only format, an unknown extension.
 */
export class ExportError extends Error {
  constructor(
    readonly format: string,
    detail: string,
  ) {
    super(`${format} export: ${detail}`);
    this.name = 'ExportError';
  }
}
