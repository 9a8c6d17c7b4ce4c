/**
 * The inputs given either as a value or as its JSON text (a spec, a sweep): a string is parsed as
 * strict JSON (./json-text.ts: a key twice in one object is refused), any other value is the
 * input itself. What is wrong with the text goes to `fail`, which makes the caller's own error for it:
 * the message ("not valid JSON at line 3, column 8 (offset 19): …", "duplicate key "grid" at line 7,
 * column 3 (first at line 2): …") and the dotted path of a repeated key ('' for a syntax error).
 */
import { describeJsonProblem, readJsonText } from './json-text.ts';
import { dottedPath } from '../util/zod-issues.ts';

export function valueOrJson(input: unknown, fail: (message: string, path: string) => Error): unknown {
  if (typeof input !== 'string') return input;
  const r = readJsonText(input);
  if (r.ok) return r.value;
  throw fail(describeJsonProblem(r.problem), r.problem.kind === 'duplicate' ? dottedPath(r.problem.path) : '');
}
