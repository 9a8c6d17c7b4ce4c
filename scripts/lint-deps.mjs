// Checks the import graph against the rules of .dependency-cruiser.cjs (layers, cycles, what shared/ may
// import) and prints each violation; exits 1 when there is one. `npm run lint:deps`, part of `npm test`.
//
// It calls dependency-cruiser's API rather than its `depcruise` command: the command refuses to start on
// Node 20 (its engines field asks for 22+), which this project supports, while the API runs there and
// applies the same rules. Run from the root of a tree (or with `--cwd DIR`) so the config's relative
// paths hold: the layer test runs it in a temporary copy.
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOTS = ['shared', 'node', 'cli', 'electron', 'renderer/src'];

const cwdFlag = process.argv.indexOf('--cwd');
if (cwdFlag !== -1) process.chdir(process.argv[cwdFlag + 1]);

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const tsConfig = extractTSConfig(options.tsConfig.fileName);
const cruised = await cruise(ROOTS, options, {}, { tsConfig });
const report = await format(cruised.output, { outputType: 'err' });
process.stdout.write(report.output);
process.exitCode = cruised.output.summary.error > 0 ? 1 : 0;
