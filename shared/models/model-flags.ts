/**
 * How `gtlab generate` reads a model object from its command-line flags, stated as data in the model's
 * descriptor (shared/ has no flag parser): each flag names the schema field(s) it fills, and the CLI
 * (cli/model-flags.ts) reads every value within that field's range as the schema states it, then
 * validates the whole object with the descriptor's schema. A union-valued field (a noise law, a leaf
 * law) is a group of flags: its variant is picked by a choice flag or by which variant's flag is given.
 */

interface FlagBase {
  /** the flag's name without the dashes, e.g. "branching" */
  readonly name: string;
  /** the flag as the model's help lines write it, e.g. "--branching MIN..MAX|N" */
  readonly usage: string;
}

/** `--NAME V`: one number field, read as an integer when the field is one; required unless optional. */
export interface NumberFlag extends FlagBase {
  readonly kind: 'number';
  readonly field: string;
  readonly optional?: boolean;
}

/** `--NAME V`: one optional choice field, V one of the values its schema allows. */
interface EnumFlag extends FlagBase {
  readonly kind: 'enum';
  readonly field: string;
}

/** `--NAME MIN..MAX` or `--NAME N` (= N..N): two integer fields with the same range. */
interface RangeFlag extends FlagBase {
  readonly kind: 'range';
  readonly fields: readonly [string, string];
}

/** `--NAME` without a value: given, it picks a variant that has no fields. */
interface BooleanFlag extends FlagBase {
  readonly kind: 'boolean';
}

/** `--NAME K`: picks the variant K of a group (one of the group's variant kinds), `fallback` when absent. */
export interface ChoiceFlag extends FlagBase {
  readonly kind: 'choice';
  readonly fallback: string;
}

/** A flag that fills fields of one object (the model, or a variant of a group). */
export type FieldFlag = NumberFlag | RangeFlag | BooleanFlag | EnumFlag;

/**
 * A union-valued field of the model, discriminated by `kind`. With a choice flag the field is written
 * only when one of the chosen variant's flags is given; with `given`, exactly one variant's flags must
 * be given ("<model> trees need exactly one <what>: …").
 */
export interface VariantGroup {
  readonly kind: 'variant';
  readonly field: string;
  readonly pick: ChoiceFlag | { readonly kind: 'given'; readonly what: string };
  /** each variant's flags by its kind; their fields are the variant object's */
  readonly variants: Readonly<Record<string, readonly FieldFlag[]>>;
}

export type ModelFlag = FieldFlag | VariantGroup;

/** What a descriptor tells `gtlab generate`: its lines of the help text and its flags in reading order. */
export interface ModelCli {
  /** the model's lines under "Models and their flags:", after its kind; every flag's usage appears in them (or in the lines of a model with the same flags) */
  readonly help: readonly string[];
  readonly flags: readonly ModelFlag[];
}

/** Every flag of a declaration, groups opened (the choice flag first), in reading order. */
export function flagsOf(flags: readonly ModelFlag[]): (FieldFlag | ChoiceFlag)[] {
  return flags.flatMap((f) =>
    f.kind !== 'variant' ? [f] : [...(f.pick.kind === 'choice' ? [f.pick] : []), ...Object.values(f.variants).flat()],
  );
}
