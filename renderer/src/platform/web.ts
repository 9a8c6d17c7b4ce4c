/**
 * The browser adapter: GtlabApi for a plain browser page. Jobs run in Web Workers (the same worker
 * core as the desktop app's utility processes; studies too, one worker each), runs and completed studies are kept in IndexedDB
 * (in memory if IndexedDB is unavailable), saving a file is a download and opening a spec file is a file picker.
 */
import type { RunData, SaveRequest, StudyRecord } from '../../../shared/api/contract.ts';
import type { ResultLine } from '../../../shared/io/result-line-fields.ts';
import { WebHost } from './web-host.ts';
import { MemoryRunRecords, type RunRecords } from '../../../shared/host/record-run-store.ts';
import { specFileTooLarge } from '../../../shared/host/run-rules.ts';
import { MemoryStudyStore, parseStudyRecord, type StudyStore } from '../../../shared/host/study-store.ts';
import { spawnWebWorker } from './web-worker-handle.ts';
import { figureFile, studyFigureFile } from '../logic/figures.ts';
// The shipped figure font (assets/fonts): embedded in SVG exports and drawn into PNGs, as by `gtlab plot`.
import figureFontUrl from '../../../assets/fonts/DejaVuSans.ttf?url';

let fontBytes: Promise<Uint8Array> | null = null;
function figureFontBytes(): Promise<Uint8Array> {
  fontBytes ??= fetch(figureFontUrl).then(async (r) => {
    if (!r.ok) throw new Error(`the figure font did not load (${r.status} ${figureFontUrl})`);
    return new Uint8Array(await r.arrayBuffer());
  });
  return fontBytes;
}

const DB_NAME = 'game-tree-lab';
/** 1: runs (lines inside); 2: result lines in a store of their own; 3: kept studies */
const DB_VERSION = 3;
const RUNS = 'runs';
/** result lines, one record each as they arrive ({runId, line}, keys in arrival order) */
const LINES = 'lines';
/** kept studies (gtlab-study records by id) */
const STUDIES = 'studies';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function done(t: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    t.oncomplete = () => resolve();
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

let database: Promise<IDBDatabase> | null = null;

/**
 * The page's database, upgraded in place from any older version, keeping what it holds: version 1 kept
 * the lines inside the run record (they move to `lines`), version 2 had no studies (their store is added).
 */
function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB_NAME, DB_VERSION);
    r.onupgradeneeded = (e) => {
      const db = r.result;
      const runs = e.oldVersion < 1 ? db.createObjectStore(RUNS, { keyPath: 'id' }) : r.transaction!.objectStore(RUNS);
      if (e.oldVersion < 2) {
        const lines = db.createObjectStore(LINES, { autoIncrement: true });
        lines.createIndex('runId', 'runId');
        if (e.oldVersion >= 1) {
          runs.openCursor().onsuccess = (ev) => {
            const c = (ev.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!c) return;
            const run = c.value as RunData;
            for (const line of run.lines ?? []) lines.add({ runId: run.id, line });
            c.update({ ...run, lines: [] });
            c.continue();
          };
        }
      }
      if (e.oldVersion < 3) db.createObjectStore(STUDIES, { keyPath: 'id' });
    };
    r.onsuccess = () => {
      // A newer version opened in another tab upgrades without waiting for this page.
      r.result.onversionchange = () => r.result.close();
      resolve(r.result);
    };
    r.onerror = () => reject(r.error);
  });
  return database;
}

/** Runs in IndexedDB: the run's fields in `runs`, each result line in `lines` as it arrives (so a reload keeps every finished tree). */
class IndexedDbRunRecords implements RunRecords {
  async loadAll(): Promise<RunData[]> {
    const db = await openDatabase();
    const t = db.transaction([RUNS, LINES], 'readonly');
    const [runs, lines] = await Promise.all([
      request(t.objectStore(RUNS).getAll() as IDBRequest<RunData[]>),
      request(t.objectStore(LINES).getAll() as IDBRequest<{ runId: string; line: ResultLine }[]>),
    ]);
    const byRun = new Map(runs.map((r) => [r.id, { ...r, lines: [] as ResultLine[] }]));
    for (const { runId, line } of lines) byRun.get(runId)?.lines.push(line);
    return [...byRun.values()];
  }

  async save(run: RunData): Promise<void> {
    const db = await openDatabase();
    await request(
      db
        .transaction(RUNS, 'readwrite')
        .objectStore(RUNS)
        .put({ ...run, lines: [] }),
    );
  }

  async appendLine(runId: string, line: ResultLine): Promise<void> {
    const db = await openDatabase();
    await request(db.transaction(LINES, 'readwrite').objectStore(LINES).add({ runId, line }));
  }

  async remove(runId: string): Promise<void> {
    const db = await openDatabase();
    const t = db.transaction([RUNS, LINES], 'readwrite');
    t.objectStore(RUNS).delete(runId);
    const keys = await request(t.objectStore(LINES).index('runId').getAllKeys(runId));
    for (const k of keys) t.objectStore(LINES).delete(k);
    await done(t);
  }
}

/** Kept studies in IndexedDB, one record each (written when the study finished, before the page hears of it). */
class IndexedDbStudyStore implements StudyStore {
  readonly where = 'this browser';

  async has(id: string): Promise<boolean> {
    const db = await openDatabase();
    return (await request(db.transaction(STUDIES, 'readonly').objectStore(STUDIES).count(id))) > 0;
  }

  async put(record: StudyRecord): Promise<void> {
    const db = await openDatabase();
    const t = db.transaction(STUDIES, 'readwrite');
    t.objectStore(STUDIES).put(JSON.parse(JSON.stringify(record)));
    await done(t); // committed before the host reports the study
  }

  async list(): Promise<StudyRecord[]> {
    const db = await openDatabase();
    const all = await request(
      db.transaction(STUDIES, 'readonly').objectStore(STUDIES).getAll() as IDBRequest<unknown[]>,
    );
    const out: StudyRecord[] = [];
    for (const x of all) {
      try {
        out.push(parseStudyRecord(x, `study in ${this.where}`));
      } catch {
        // a record that is not a readable study is not listed
      }
    }
    return out;
  }

  async open(id: string): Promise<StudyRecord | null> {
    const db = await openDatabase();
    const x = await request(db.transaction(STUDIES, 'readonly').objectStore(STUDIES).get(id) as IDBRequest<unknown>);
    return x === undefined ? null : parseStudyRecord(x, `study "${id}" in ${this.where}`, id);
  }

  async remove(id: string): Promise<void> {
    const db = await openDatabase();
    const t = db.transaction(STUDIES, 'readwrite');
    t.objectStore(STUDIES).delete(id);
    await done(t);
  }
}

function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const MIME: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  pdf: 'application/pdf',
  csv: 'text/csv',
  json: 'application/json',
  dot: 'text/vnd.graphviz',
  gv: 'text/vnd.graphviz',
  graphml: 'application/xml',
  tex: 'application/x-tex',
};

async function download(req: SaveRequest): Promise<{ saved: boolean; path?: string }> {
  const ext = req.suggestedName.slice(req.suggestedName.lastIndexOf('.') + 1).toLowerCase();
  const type = MIME[ext] ?? 'application/octet-stream';
  const blob = new Blob([req.encoding === 'base64' ? base64Bytes(req.content) : req.content], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = req.suggestedName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { saved: true, path: req.suggestedName };
}

function pickSpecFile(): Promise<{ name: string; text: string } | null> {
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      if (!file) return resolve(null);
      const tooLarge = specFileTooLarge(file.name, file.size);
      if (tooLarge) return reject(new RangeError(tooLarge));
      file.text().then((text) => resolve({ name: file.name, text }), reject);
    });
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}

export function createWebPlatform(): WebHost {
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  const idb = typeof indexedDB !== 'undefined';
  return new WebHost({
    spawn: spawnWebWorker,
    workers: Math.max(1, cores - 1),
    store: idb ? new IndexedDbRunRecords() : new MemoryRunRecords(),
    studies: idb ? new IndexedDbStudyStore() : new MemoryStudyStore(),
    versions: { browser: navigator.userAgent },
    saveFile: download,
    openSpecFile: pickSpecFile,
    renderFigure: async (runs, figure, format) => figureFile(runs, figure, format, await figureFontBytes()),
    renderStudyFigure: async (record, format) => studyFigureFile(record, format, await figureFontBytes()),
  });
}
