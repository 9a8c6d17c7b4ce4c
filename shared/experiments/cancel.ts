/**
 * Cooperative cancel of a unit of an experiment (a tree or a position line): the runner yields to the
 * host's event loop between long computations, so a worker sees a cancel message, and then stops with
 * a CancelledError.
 */
/** Yield to the host's event loop (lets a worker see a cancel message between long computations). */
export const yieldToHost = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}
