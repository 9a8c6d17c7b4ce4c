/**
 * A failed zod parse as the list of (field path, message) that every reader reports: the one place
 * where zod's issues are turned into the house's messages. An unknown key (strictObject) is reported
 * at its own path; in a union of objects told apart by `kind` (models, noise laws, leaf laws) the
 * issues of the variant the input meant are reported, not "Invalid input" for the union.
 */
import type { z } from 'zod';
import { bareOrQuoted } from './quoted.ts';

export interface FieldIssue {
  /** the field's path, e.g. ["series", 0, "label"] ([] for the document itself) */
  path: PropertyKey[];
  message: string;
  /** zod's issue code ("custom" for a cross-field rule whose message says it all) */
  code: string;
}

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  errors?: IssueLike[][];
  /** a discriminated union's: no option has the input's discriminator */
  note?: string;
  discriminator?: string;
  options?: unknown[];
}

function flatten(issues: readonly IssueLike[], prefix: PropertyKey[], out: FieldIssue[]): void {
  for (const i of issues) {
    const path = [...prefix, ...i.path];
    if (i.code === 'invalid_union' && i.errors) {
      // The option the input meant: one whose issues do not include a wrong `kind` (its discriminator).
      const meant = i.errors.find((o) => o.length > 0 && !o.some((x) => x.path.length === 1 && x.path[0] === 'kind'));
      if (meant) {
        flatten(meant, path, out);
        continue;
      }
    }
    if (i.code === 'invalid_union' && i.note === 'No matching discriminator' && i.options) {
      out.push({ path, message: `must be one of ${i.options.map(String).join(', ')}`, code: i.code });
      continue;
    }
    // At the (first) unknown key; the message names them all.
    if (i.code === 'unrecognized_keys' && i.keys?.length)
      out.push({ path: [...path, i.keys[0]], message: i.message, code: i.code });
    else out.push({ path, message: i.message, code: i.code });
  }
}

export function zodIssues(e: z.ZodError): FieldIssue[] {
  const out: FieldIssue[] = [];
  flatten(e.issues as unknown as IssueLike[], [], out);
  return out;
}

/** "series.0.label"; a key with a control or format character is quoted ("size.\"idthw\\u007f\""). */
export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map((p) => bareOrQuoted(String(p))).join('.');
}
