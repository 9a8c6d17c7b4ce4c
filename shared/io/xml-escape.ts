/**
 * Escaping text for XML 1.0 attribute values and character data. Characters XML 1.0 cannot carry at all
 * (C0 controls other than tab/newline/CR, lone surrogates, U+FFFE/U+FFFF) become U+FFFD, since not even
 * a character reference may name them.
 */
const SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .replace(/[&<>"']/g, (c) => SPECIAL[c]);
}
