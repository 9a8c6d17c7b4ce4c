/**
 * The inputs given either as a value or as its JSON text (a spec, a sweep): a string is parsed, any
 * other value is the input itself. A syntax error's message, "not valid JSON (…)", goes to `fail`,
 * which makes the caller's own error for it.
 */
export function valueOrJson(input: unknown, fail: (message: string) => Error): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (e) {
    throw fail(`not valid JSON (${(e as Error).message})`);
  }
}
