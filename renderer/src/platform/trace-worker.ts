/**
 * Web Worker that builds a tree viewer trace (shared/trace/build-trace.ts) off the page's thread: a
 * depth-10 Figure 4 tree takes a second or two of searches and proof. The trace's buffers are
 * transferred, not copied.
 */
import { buildTrace } from '../../../shared/trace/build-trace.ts';
import { traceBuffers } from '../../../shared/trace/trace-tree.ts';
import type { TraceReply, TraceRequest } from './trace-client.ts';

const scope = self as unknown as {
  postMessage(m: TraceReply, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<TraceRequest>) => void) | null;
};

scope.onmessage = (e) => {
  const { id, spec, tree, depth, focus } = e.data;
  try {
    const trace = buildTrace(spec, tree, depth, { focus });
    scope.postMessage({ id, trace }, traceBuffers(trace));
  } catch (err) {
    scope.postMessage({ id, error: (err as Error).message });
  }
};
