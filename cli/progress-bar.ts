/** A one-line progress bar with ETA on stderr (redrawn in place on a terminal, a line per update otherwise). */
import type { RunProgress } from '../shared/experiments/run-experiment.ts';

function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

function progressLine(p: RunProgress, width = 30): string {
  const settled = p.treesDone + p.treesFailed + p.treesCancelled;
  const frac = p.treesTotal > 0 ? settled / p.treesTotal : 1;
  const filled = Math.round(frac * width);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
  const failed = p.treesFailed > 0 ? `, ${p.treesFailed} failed` : '';
  return `${bar} ${settled}/${p.treesTotal} trees${failed}  elapsed ${formatDuration(p.elapsedMs)}  ETA ${formatDuration(p.etaMs)}`;
}

export function makeProgressPrinter(stream: NodeJS.WriteStream = process.stderr): (p: RunProgress) => void {
  let last = 0;
  let drawnFinished = false;
  return (p) => {
    const now = Date.now();
    const finished = p.treesDone + p.treesFailed + p.treesCancelled >= p.treesTotal;
    if (drawnFinished || (!finished && now - last < 200)) return; // at most 5 redraws a second, the end once
    last = now;
    drawnFinished = finished;
    if (stream.isTTY) stream.write(`\r${progressLine(p)}${finished ? '\n' : ''}`);
    else stream.write(`${progressLine(p)}\n`);
  };
}
