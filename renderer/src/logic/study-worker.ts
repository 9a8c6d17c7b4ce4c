/**
 * Dedicated module Web Worker of the Studies tab: one request per worker (./study-client.ts starts a
 * fresh one per computation and terminates it to cancel), answered by ./study-jobs.ts.
 */
import { runStudyJob, type StudyMessage, type StudyRequest } from './study-jobs.ts';

// The DOM lib types `self` as a Window; inside a dedicated worker it is the worker's global scope.
const scope = self as unknown as {
  postMessage(m: StudyMessage): void;
  onmessage: ((e: MessageEvent<StudyRequest>) => void) | null;
};

scope.onmessage = (e) => runStudyJob(e.data, (m) => scope.postMessage(m));
