/**
 * An ordering's name for people, from the string a spec writes (./parse-ordering.ts): "value" for the
 * static estimate, "value + FCF" for the fastest-cut-first orderings of Furtak & Buro 2009, Sec. 8 (with
 * their weights and, when learned, "learned P"), so a form or a table can show what an ordering is in a
 * few words while the full string (a learned table runs to hundreds of characters) stays on hover.
 * A string that is not an ordering is named by itself: the form's validation says what is wrong with it.
 */

const PLAIN: Record<string, string> = {
  natural: 'natural order',
  estimate: 'value',
  'fastest-first': 'fastest-first',
  random: 'random',
  'fcf-linear': 'value + FCF, linear',
  'fcf-threshold': 'value + FCF, threshold',
  'fcf-ratio': 'value + FCF, ratio',
  'fcf-weighted': 'value + FCF',
};

export function orderingName(spec: string): string {
  const text = spec.trim();
  const semi = text.indexOf(';');
  const head = semi < 0 ? text : text.slice(0, semi);
  const colon = head.indexOf(':');
  const kind = colon < 0 ? head : head.slice(0, colon);
  const arg = colon < 0 ? '' : head.slice(colon + 1);
  const name = PLAIN[kind];
  if (name === undefined) return text;
  const parts = [name];
  if (kind === 'random' && arg) parts.push(`seed ${arg}`);
  else if (kind === 'fcf-weighted' && arg) parts.push(`weights ${arg.split(',').join(', ')}`);
  else if ((kind === 'fcf-linear' || kind === 'fcf-threshold') && arg) parts.push(`C = ${arg}`);
  if (semi >= 0) parts.push(text.slice(semi + 1).startsWith('learned') ? 'learned P' : 'hard P');
  return parts.join(' · ');
}
