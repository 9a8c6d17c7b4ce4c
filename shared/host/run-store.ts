/**
 * The run host's storage port: where runs are kept between events and across restarts. Implemented by
 * run folders on disk (node/run-folder-store.ts) and by a whole-record store in the browser
 * (./record-run-store.ts over IndexedDB or memory). The host calls it in this order for each run:
 * `create` (queued), `update` (running), `append` for every result line, `update` (finished); a
 * resumed run starts with `reopen` instead of `create`.
 */
import type { RunData, RunNotes } from '../api/contract.ts';
import type { ResultLine } from '../io/result-line-fields.ts';

export interface RunStore {
  /** where the runs are, for messages ("/home/me/runs", "this browser") */
  readonly where: string;
  /** whether a run with this id is stored */
  has(id: string): Promise<boolean>;
  /** store a new run (status queued, no lines); `workers` is the pool size it will run on */
  create(run: RunData, workers: number): Promise<void>;
  /**
   * take a stored run up again to resume it: the run with the lines of its complete trees (a store
   * that keeps the others, as results.jsonl does, lets a later line of the same tree and depth win);
   * null if there is none with this id
   */
  reopen(id: string): Promise<RunData | null>;
  /** keep one result line, as durably as the store can, before the host reports it */
  append(id: string, line: ResultLine): void;
  /** the run's status and failures changed; `finished`: it ended (a disk store writes its summary) */
  update(run: RunData, finished: boolean): Promise<void>;
  /** every stored run, lines included (unreadable ones are left out) */
  list(): Promise<RunData[]>;
  /** one stored run, or null if there is none with this id */
  open(id: string): Promise<RunData | null>;
  /** delete a stored run (not a live one: the host checks) */
  remove(id: string): Promise<void>;
  /** set a stored (or live) run's notes */
  annotate(id: string, notes: RunNotes): Promise<void>;
}
