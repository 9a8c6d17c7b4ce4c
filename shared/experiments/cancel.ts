/**
 * Cooperative cancel of a unit of an experiment (a tree or a position line): the runner yields to the
 * host's event loop between long computations, so a worker sees a cancel message, and then stops with
 * a CancelledError.
 */
/**
 * How yieldToHost resumes. Under Node, setImmediate: its callback runs right after the event loop has
 * polled for arrived messages, where a zero timeout waits at least a millisecond (~1.1 ms measured; a
 * tree of the Figure 4 preset yields 16 times). Browsers and Web Workers have no setImmediate; there a
 * zero timeout is the way to reach the message queue.
 */
const hostImmediate = (globalThis as { setImmediate?: (resume: () => void) => unknown }).setImmediate;
const next: (resume: () => void) => unknown = hostImmediate ?? ((resume) => setTimeout(resume, 0));

/** Yield to the host's event loop (lets a worker see a cancel message between long computations). */
export const yieldToHost = (): Promise<void> => new Promise((r) => next(r));

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}
