/**
 * `gtlab generate` over the model registry: every registered model's flags are in the help and agree
 * in type across models, and each model's example, written as flags, reads back as the same model and
 * generates a tree whose file records the model's parameters.
 */
import { describe, expect, test, vi } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate, GENERATE_HELP } from '../../cli/commands/generate.ts';
import { parse } from '../../cli/args.ts';
import { modelFlagOptions, modelFromFlags, modelToFlags } from '../../cli/model-flags.ts';
import { parseGraphFile } from '../../shared/io/graph-file.ts';
import { flagsOf } from '../../shared/models/model-flags.ts';
import { MODEL_KINDS, MODEL_REGISTRY, modelDescriptor } from '../../shared/models/registry.ts';

const models = MODEL_KINDS.map((k) => [k, modelDescriptor(k)] as const);

describe('gtlab generate from the model registry', () => {
  test.each(models)('%s: its help lines and every flag are in `gtlab generate --help`', (kind, d) => {
    expect(GENERATE_HELP).toContain(`  ${kind.padEnd(15)}${d.cli.help[0]}\n`);
    for (const f of flagsOf(d.cli.flags)) expect(GENERATE_HELP).toContain(f.usage);
  });

  test('a flag name shared by models has one type (a value or a switch)', () => {
    for (const d of MODEL_REGISTRY) {
      for (const f of flagsOf(d.cli.flags))
        expect(modelFlagOptions(MODEL_REGISTRY)[f.name].type).toBe(f.kind === 'boolean' ? 'boolean' : 'string');
    }
  });

  /** The depth generated: 3, or for a model of real positions the fewest empties of its example. */
  const depthOf = (kind: string): number => {
    const d = MODEL_REGISTRY.find((x) => x.kind === kind)!;
    return d.positions ? (d.example as { minEmpties: number }).minEmpties : 3;
  };

  test.each(models)(
    '%s: its example through the flags round-trips to the same model, and generates',
    async (kind, d) => {
      const argv = modelToFlags(d, d.example);
      const { flags } = parse(argv, modelFlagOptions([d]), '');
      expect(modelFromFlags(d, flags)).toEqual(d.example);

      const out = join(mkdtempSync(join(tmpdir(), 'gtlab-generate-')), 'tree.json');
      const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      try {
        expect(
          await generate([
            kind,
            ...argv,
            '--depth',
            String(depthOf(kind)),
            '--seed',
            '5',
            '--tree',
            '1',
            '--out',
            out,
            '--json',
          ]),
        ).toBe(0);
      } finally {
        stdout.mockRestore();
      }
      const meta = parseGraphFile(readFileSync(out, 'utf8')).meta;
      const { height, ...params } = d.params(d.example, depthOf(kind), 5, 1);
      expect(meta).toMatchObject({
        model: kind,
        seed: 5,
        params: { depth: height, ...JSON.parse(JSON.stringify(params)) },
      });
    },
  );
});
