/**
 * A value the user gave (a preset name, a field's value, a key, an id) as a message shows it: in double
 * quotes, with every character that would hide, reorder or break the message written as an escape. JSON
 * escapes only U+0000–U+001F, '"' and '\'; a message also meets DEL and the C1 controls (which a terminal
 * swallows, so "fig4\u007f" would print as the valid "fig4"), U+2028/U+2029 (line breaks to many readers),
 * bidirectional and zero-width format characters (which make text read other than it is stored) and lone
 * surrogates. A key that needs no escape is shown as it is in a field path (`size.width`), else quoted.
 */

/** Characters written as escapes: controls, line and paragraph separators, bidi and invisible format characters, lone surrogates. */
const UNSAFE =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const UNSAFE_ANY = new RegExp(UNSAFE.source);

const SHORT: Record<string, string> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Longest text shown before it is cut with "…" (the message is about the value, not a copy of it). */
const MAX_SHOWN = 60;

function escapeChar(c: string): string {
  return SHORT[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `s` in double quotes with unsafe characters escaped, cut after `max` characters: `"fig4\u007f"`. */
export function quoted(s: string, max = MAX_SHOWN): string {
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return `"${cut.replace(/["\\]/g, escapeChar).replace(UNSAFE, escapeChar)}"`;
}

/** Whether `s` holds a character that would hide, reorder or break a message. */
export function needsQuotes(s: string): boolean {
  return UNSAFE_ANY.test(s);
}

/**
 * Text a message shows bare (a key in a field path, a value after "="): as it is when `needsQuotes` finds
 * nothing, so `size.width` reads as written; otherwise quoted (`size."idthw\u007f"`), so it cannot pass
 * for another name.
 */
export function bareOrQuoted(s: string, max = MAX_SHOWN): string {
  return needsQuotes(s) ? quoted(s, max) : s;
}
