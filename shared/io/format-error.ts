/**
 * The one error every reader in shared/io throws for bad input text: `field` names the JSON field (with
 * its index, e.g. `children[40]`) or `(json)` for text that is not JSON at all, so a caller can point
 * at the exact place. Structural errors found by checkGraph/solveGraph keep their GraphError as `cause`.
 */
import type { GraphError } from '../game/graph.ts';

export class FormatError extends Error {
  constructor(
    readonly field: string,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${field}: ${detail}`, options);
    this.name = 'FormatError';
  }
}

/** A GraphError from checkGraph/solveGraph as a FormatError on the same field (optionally prefixed). */
export function fromGraphError(e: GraphError, prefix = ''): FormatError {
  const own = `${e.field}: `;
  return new FormatError(prefix + e.field, e.message.startsWith(own) ? e.message.slice(own.length) : e.message, {
    cause: e,
  });
}
