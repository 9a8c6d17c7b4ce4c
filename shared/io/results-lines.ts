/**
 * The one reader of results.jsonl (one result line per tree and depth, each ended by a newline): the
 * text in, the lines that are whole result lines out, with every problem named by its 1-based line
 * number. It decides nothing: each caller chooses how strict to be (resume and merge refuse a damaged
 * line and set a torn last line aside, a viewer may leave a torn last line out with a word).
 *
 * A torn last line is what a crash while appending leaves: the last line has no line end and is not
 * JSON. Every other problem (a line that is not JSON, one with a key twice in an object, not an object,
 * a missing or ill-typed field, an empty line) is damage: no writer of this format produces it.
 */
import { FormatError } from './format-error.ts';
import { describeJsonProblem, readJsonText } from './json-text.ts';
import { resultLineFields, type ResultLine } from './result-line-fields.ts';

type LineProblemKind = 'torn' | 'empty' | 'not-json' | 'duplicate-key' | 'not-object' | 'field';

export interface LineProblem {
  /** 1-based line number in the file */
  line: number;
  kind: LineProblemKind;
  /** what is wrong, for a message ("not valid JSON at column 12: …", "results: must be an array") */
  message: string;
}

interface NumberedLine {
  /** 1-based line number in the file */
  no: number;
  line: ResultLine;
}

export interface ResultLinesRead {
  /** the whole result lines, in file order */
  lines: NumberedLine[];
  /** every line that is not one, in file order (a torn last line is the last of them) */
  problems: LineProblem[];
  /** the torn last line, if any (also among the problems) */
  torn: LineProblem | null;
  /** the last line is whole but has no line end: a writer must add one before appending */
  unended: boolean;
}

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);

function show(x: unknown): string {
  if (x === undefined) return 'nothing';
  const s = JSON.stringify(x) ?? String(x);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

/** Read the text of a results.jsonl. */
export function readResultLines(text: string): ResultLinesRead {
  const parts = text.split('\n');
  // A text ending in a line end splits into a last empty part that is no line.
  const ended = text.endsWith('\n') || text === '';
  if (ended) parts.pop();
  const lines: NumberedLine[] = [];
  const problems: LineProblem[] = [];
  let torn: LineProblem | null = null;
  parts.forEach((t, k) => {
    const no = k + 1;
    const last = k === parts.length - 1 && !ended;
    if (t.trim() === '') {
      problems.push({ line: no, kind: 'empty', message: 'empty line' });
      return;
    }
    const json = readJsonText(t);
    if (!json.ok) {
      // A write cut short leaves text that is not JSON; a repeated key is in a whole line, so damage.
      if (last && json.problem.kind === 'syntax') {
        torn = { line: no, kind: 'torn', message: 'torn last line (no line end, not JSON): a write cut short' };
        problems.push(torn);
      } else
        problems.push({
          line: no,
          kind: json.problem.kind === 'syntax' ? 'not-json' : 'duplicate-key',
          message: describeJsonProblem(json.problem, true),
        });
      return;
    }
    const x = json.value;
    if (!isObject(x)) {
      problems.push({ line: no, kind: 'not-object', message: `not a result line: ${show(x)} is not an object` });
      return;
    }
    try {
      lines.push({ no, line: resultLineFields(x) });
    } catch (e) {
      if (!(e instanceof FormatError)) throw e;
      problems.push({ line: no, kind: 'field', message: e.message });
    }
  });
  return { lines, problems, torn, unended: !ended && torn === null && lines.at(-1)?.no === parts.length };
}

/** "FILE line N: what; FILE line M: what" for the first few problems, and how many more. */
export function describeLineProblems(file: string, problems: readonly LineProblem[], most = 5): string {
  const shown = problems
    .slice(0, most)
    .map((p) => `${file} line ${p.line}: ${p.message}`)
    .join('; ');
  return problems.length > most ? `${shown}; and ${problems.length - most} more damaged lines` : shown;
}
