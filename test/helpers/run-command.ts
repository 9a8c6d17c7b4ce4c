/**
 * Run a gtlab command function in process with stdout captured (and stderr silenced if asked); `--help`
 * ends with exit 0 as in cli/main.ts.
 */
import { HelpRequested } from '../../cli/help-requested.ts';

export async function runCommand(
  cmd: (argv: string[]) => Promise<number>,
  argv: string[],
  opts: { quietStderr?: boolean } = {},
): Promise<{ code: number; stdout: string }> {
  const write = process.stdout.write;
  const writeErr = process.stderr.write;
  let stdout = '';
  process.stdout.write = ((s: string) => {
    stdout += s;
    return true;
  }) as typeof process.stdout.write;
  if (opts.quietStderr) process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return { code: await cmd(argv), stdout };
  } catch (e) {
    if (e instanceof HelpRequested) return { code: 0, stdout };
    throw e;
  } finally {
    process.stdout.write = write;
    process.stderr.write = writeErr;
  }
}
