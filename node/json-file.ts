/**
 * A JSON file of a run, shard or sweep folder read whole, failing with a FormatError that names the
 * file and what is wrong (missing, a folder, not valid JSON) rather than a bare SyntaxError.
 */
import { readFileSync } from 'node:fs';
import { FormatError } from '../shared/io/format-error.ts';

export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FormatError(path, 'missing');
    if (code === 'EISDIR') throw new FormatError(path, 'a folder, not a file');
    throw new FormatError(path, `cannot be read (${(e as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new FormatError(path, `not valid JSON (${(e as Error).message})`);
  }
}
