/**
 * `gtlab study KIND [flags]`: any study of the registry (shared/studies/registry.ts), computed in this
 * process by the run function the Studies tab's worker calls: its flags and help come from the study's
 * descriptor (../study-flags.ts), its CSV and figure are the ones History exports.
 */
import { checked, parse, str } from '../args.ts';
import { readText, writeAtomically } from '../files.ts';
import { jsonOnlyFields, requestFromFlags, studyFlagOptions, studyFlags } from '../study-flags.ts';
import { UsageError } from '../usage-error.ts';
import { describeJsonProblem, readJsonText } from '../../shared/io/json-text.ts';
import { FIGURE_FONT, renderFigure, type FigureFormat } from '../../node/render-figure.ts';
import { STUDY_REGISTRY, studyDescriptor, type StudyRequest } from '../../shared/studies/registry.ts';
import { studyCsv, studyFigureOption } from '../../shared/studies/study-exports.ts';
import { GENERATOR } from '../../shared/version.ts';
import { Stopwatch } from '../../shared/util/stopwatch.ts';

const FIGURE_FORMATS = ['svg', 'png', 'pdf'] as const;
const COMMON = `  --request JSON         the request's fields as a JSON object (or @FILE.json); flags override them
  --out FILE.csv         write the CSV there (default: stdout)
  --figure FILE          also draw the figure: .svg (font embedded), .png (300 dpi) or .pdf
  --json                 print {"request", "result"} on stdout instead of the CSV
Progress goes to stderr.
`;

export const STUDY_HELP = `gtlab study KIND [flags]   (gtlab study KIND --help for its flags)

The studies of the app's Studies tab, each with the CSV (and figure) History exports:
${STUDY_REGISTRY.map((d) => `  ${d.kind.padEnd(12)} ${d.title}: ${d.description}${d.figure ? ' (figure)' : ''}`).join('\n')}

${COMMON}`;

function kindHelp(kind: string): string {
  const d = studyDescriptor(kind);
  const flags = studyFlags(d.schema);
  const json = jsonOnlyFields(d.schema);
  const { kind: _, ...example } = d.example as unknown as Record<string, unknown>;
  return `gtlab study ${kind} [flags]

${d.title}: ${d.description}.
Models: ${d.models.join(', ')}.${d.figure ? ' It has a figure (--figure).' : ''}

${flags.map((f) => `  ${f.help}`).join('\n')}${flags.length > 0 ? '\n' : ''}${json.length > 0 ? `  (in --request only: ${json.join(', ')})\n` : ''}${COMMON}
Example request: ${JSON.stringify(example)}
`;
}

function requestBase(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  const file = text.startsWith('@') ? text.slice(1) : null;
  const read = readJsonText(file === null ? text : readText(file, '--request'));
  if (!read.ok) throw new UsageError(`${file ?? '--request'}: ${describeJsonProblem(read.problem)}`);
  const v = read.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new UsageError('--request must be a JSON object');
  return v as Record<string, unknown>;
}

export async function study(argv: string[]): Promise<number> {
  const kind = argv[0];
  if (kind === undefined || kind === '--help' || kind === '-h') {
    process.stdout.write(STUDY_HELP);
    return kind === undefined ? 2 : 0;
  }
  const d = checked(() => studyDescriptor(kind));
  const flags = studyFlags(d.schema);
  const { flags: given, positionals } = parse(
    argv.slice(1),
    {
      ...studyFlagOptions(flags),
      request: { type: 'string' },
      out: { type: 'string' },
      figure: { type: 'string' },
      json: { type: 'boolean' },
    },
    kindHelp(kind),
  );
  if (positionals.length !== 0)
    throw new UsageError(
      `study ${kind} takes no more positional arguments (got ${positionals[0]}; see gtlab study ${kind} --help)`,
    );
  const figurePath = str(given, 'figure');
  const format = figurePath?.slice(figurePath.lastIndexOf('.') + 1).toLowerCase();
  if (figurePath !== undefined && !(FIGURE_FORMATS as readonly (string | undefined)[]).includes(format))
    throw new UsageError(`--figure ${figurePath} is not allowed: name a .svg, .png or .pdf file`);
  if (figurePath !== undefined && d.figure === undefined)
    throw new UsageError(`--figure is not allowed: a ${kind} study has no figure (its CSV holds the numbers)`);
  const request = requestFromFlags(kind, d.schema, flags, given, requestBase(str(given, 'request'))) as StudyRequest;

  let last = 0;
  const result = checked(() =>
    d.run(request, {
      progress: (done, total) => {
        const now = Date.now();
        if (now - last > 500 || done === total) {
          last = now;
          process.stderr.write(`${done}/${total}\n`);
        }
      },
      report: (p) => {
        const now = Date.now();
        if (now - last > 500) {
          last = now;
          const rate = p.perSecond === undefined ? '' : `, ${Math.round(p.perSecond)}/s`;
          process.stderr.write(`${p.done}${p.total > 0 ? `/${p.total}` : ''}${rate}\n`);
        }
      },
      watch: new Stopwatch(),
    }),
  );
  if (figurePath !== undefined) {
    const option = studyFigureOption(result, { fontFamily: FIGURE_FONT });
    if (option === null) throw new UsageError(`--figure is not allowed: this ${kind} study has no figure`);
    writeAtomically(figurePath, await renderFigure(option, format as FigureFormat));
  }
  const csv = studyCsv({ request, result, generator: GENERATOR });
  const out = str(given, 'out');
  if (out !== undefined) writeAtomically(out, csv);
  if (given.json) process.stdout.write(`${JSON.stringify({ request, result })}\n`);
  else if (out === undefined) process.stdout.write(csv);
  return 0;
}
