/**
 * Objects of the file formats and IPC inputs: a key outside the schema is refused, not dropped (a
 * misspelt optional key such as "tres" would otherwise leave the default in place without a word). The
 * message names the allowed keys and, when one is close, the key probably meant.
 */
import { z } from 'zod';
import { didYouMean } from './did-you-mean.ts';
import { quoted } from './quoted.ts';

/**
 * "unknown field (did you mean "trees"?); allowed fields: …" for the keys zod found outside `allowed` (the
 * path names the first); several are each quoted, each with the key probably meant.
 */
function unknownFieldsMessage(keys: readonly string[], allowed: readonly string[]): string {
  const list = `allowed fields: ${allowed.join(', ')}`;
  if (keys.length === 1) return `unknown field${didYouMean(keys[0], allowed)}; ${list}`;
  return `unknown fields ${keys.map((k) => `${quoted(k, 40)}${didYouMean(k, allowed)}`).join(', ')}; ${list}`;
}

export function strictObject<const S extends z.core.$ZodLooseShape>(
  shape: S,
  params: { error?: (iss: z.core.$ZodRawIssue) => string | undefined } = {},
) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? unknownFieldsMessage(iss.keys, allowed) : params.error?.(iss)),
  });
}
