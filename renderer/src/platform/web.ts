/**
 * The browser adapter: GtlabApi for a plain browser page. Jobs run in Web Workers (the same worker
 * core as the desktop app's utility processes; studies too, one worker each), runs are kept in IndexedDB (in memory if IndexedDB is
 * unavailable), saving a file is a download and opening a spec file is a file picker.
 */
import type { RunData, SaveRequest } from '../../../shared/api/contract.ts';
import { WebHost } from './web-host.ts';
import { MemoryRunRecords, type RunRecords } from '../../../shared/host/record-run-store.ts';
import { specFileTooLarge } from '../../../shared/host/run-rules.ts';
import { spawnWebWorker } from './web-worker-handle.ts';
import { figureFile } from '../logic/figures.ts';
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
const STORE = 'runs';

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

class IndexedDbRunRecords implements RunRecords {
  private db: Promise<IDBDatabase> | null = null;

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const r = indexedDB.open(DB_NAME, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'id' });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    return this.db;
  }

  async loadAll(): Promise<RunData[]> {
    const db = await this.open();
    return request(db.transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<RunData[]>);
  }

  async save(run: RunData): Promise<void> {
    const db = await this.open();
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(run));
  }
}

function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const MIME: Record<string, string> = {
  svg: 'image/svg+xml', png: 'image/png', pdf: 'application/pdf', csv: 'text/csv', json: 'application/json',
  dot: 'text/vnd.graphviz', gv: 'text/vnd.graphviz', graphml: 'application/xml', tex: 'application/x-tex',
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
  const store: RunRecords = typeof indexedDB !== 'undefined' ? new IndexedDbRunRecords() : new MemoryRunRecords();
  return new WebHost({
    spawn: spawnWebWorker,
    workers: Math.max(1, cores - 1),
    store,
    versions: { browser: navigator.userAgent },
    saveFile: download,
    openSpecFile: pickSpecFile,
    renderFigure: async (runs, figure, format) => figureFile(runs, figure, format, await figureFontBytes()),
  });
}
