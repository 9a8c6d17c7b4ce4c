/**
 * Names and labels end up in figures (SVG is XML, where most control characters cannot appear at all),
 * CSV files and terminals, so they hold no control characters; a description may hold line breaks and
 * tabs, nothing else below U+0020.
 */
import type { z } from 'zod';

const IN_NAME = /[\u0000-\u001f\u007f-\u009f]/;
const IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The first control character of `s` not allowed there, as "U+0007 at character 3", or null. */
function controlCharacter(s: string, lines = false): string | null {
  const m = (lines ? IN_TEXT : IN_NAME).exec(s);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at character ${m.index + 1}` : null;
}

/** A zod string refused when it holds a control character (`lines`: tabs and line breaks allowed). */
export function plainText(schema: z.ZodString, lines = false) {
  return schema.superRefine((s, ctx) => {
    const c = controlCharacter(s, lines);
    if (c !== null)
      ctx.addIssue({
        code: 'custom',
        message: `control character ${c} is not allowed${lines ? ' (only tabs and line breaks are)' : ''}: names and labels are printed in figures, tables and file names`,
      });
  });
}
