/**
 * Words for a POSIX shell: in a generated script every word single-quoted (`shellQuote`), and in a
 * command a message suggests only where the word needs it (`shellWord`), so a plain path reads plainly.
 */

/** A word for bash: single-quoted, with embedded quotes closed and escaped. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `s` as one word of a shell command line, quoted only when it has to be. */
export function shellWord(s: string): string {
  return /^[\w./:@%+=,-]+$/.test(s) ? s : shellQuote(s);
}
