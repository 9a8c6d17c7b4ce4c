/**
 * A run folder's results.jsonl on disk, read through the one reader (../shared/io/results-lines.ts),
 * and made ready for appending. A damaged line (not JSON, not an object, a missing or ill-typed field,
 * empty) is named with the file and line and refused: nothing here repairs it. A torn last line (the
 * write a crash cut short) is set aside: appended to results.torn beside the file, one torn line per
 * line, and results.jsonl is cut back to its last line end, so what the resumed run appends makes the
 * file exactly what an uninterrupted run writes. Nothing is skipped without a word: every set-aside
 * returns the sentence to show.
 */
import { appendFileSync, closeSync, existsSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describeLineProblems, readResultLines, type ResultLinesRead } from '../shared/io/results-lines.ts';

const TORN_FILE = 'results.torn';

/** The lines and problems of the results file at `path` (a missing file has none). */
export function readResultsFile(path: string): ResultLinesRead {
  return readResultLines(existsSync(path) ? readFileSync(path, 'utf8') : '');
}

/** The message naming every damaged line (all problems but a torn last line), or null if there is none. */
export function damageMessage(path: string, read: ResultLinesRead): string | null {
  const damage = read.problems.filter((p) => p !== read.torn);
  if (damage.length === 0) return null;
  return `${describeLineProblems(path, damage)}; the file is refused (repair or remove ${damage.length === 1 ? 'the line' : 'those lines'}, nothing was written)`;
}

/** What a reader that leaves a torn last line out says about it, or null. */
export function tornNotice(path: string, read: ResultLinesRead): string | null {
  return read.torn ? `${path} line ${read.torn.line}: ${read.torn.message}; left out` : null;
}

/**
 * Make the results file at `path` ready to be appended to (call only after `damageMessage` found
 * none): a torn last line moves to results.torn, a whole last line without its line end gets one.
 * The file is read again here, so what is cut is what the file holds now. Returns the sentence saying
 * what was done, or null if the file was ready.
 */
export function prepareForAppend(path: string): string | null {
  if (!existsSync(path)) return null;
  const bytes = readFileSync(path);
  const read = readResultLines(bytes.toString('utf8'));
  if (read.unended) {
    appendFileSync(path, '\n');
    return null;
  }
  if (!read.torn) return null;
  const end = bytes.lastIndexOf(0x0a) + 1;
  const tornPath = join(dirname(path), TORN_FILE);
  // Kept first, cut second: a crash in between leaves the torn text in both, never in neither.
  appendFileSync(tornPath, Buffer.concat([bytes.subarray(end), Buffer.from('\n')]));
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, end);
  } finally {
    closeSync(fd);
  }
  return `${path} line ${read.torn.line}: ${read.torn.message}; set aside in ${tornPath}`;
}
