/**
 * A JSON file of a run, shard or sweep folder read whole as strict JSON (../shared/io/json-text.ts),
 * failing with a FormatError that names the file and what is wrong (missing, a folder, not valid JSON,
 * a key twice in one object, with its line and column) rather than a bare SyntaxError.
 */
import { readFileSync } from 'node:fs';
import { FormatError } from '../shared/io/format-error.ts';
import { describeJsonProblem, readJsonText } from '../shared/io/json-text.ts';

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
  const json = readJsonText(text);
  if (!json.ok) throw new FormatError(path, describeJsonProblem(json.problem));
  return json.value;
}
