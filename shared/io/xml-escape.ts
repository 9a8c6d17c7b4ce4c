/**
 * Escaping text for XML 1.0 attribute values and character data. Characters XML 1.0 cannot carry at all
 * (C0 controls other than tab/newline/CR, lone surrogates, U+FFFE/U+FFFF) become U+FFFD, since not even
 * a character reference may name them.
 */
const SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const NOT_IN_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function escapeXml(s: string): string {
  return withoutXmlIllegal(s).replace(/[&<>"']/g, (c) => SPECIAL[c]);
}

/**
 * A document written by another library (ECharts' SVG, which escapes only markup characters) made
 * well-formed: every character XML 1.0 cannot carry becomes U+FFFD.
 */
export function withoutXmlIllegal(s: string): string {
  return s.replace(NOT_IN_XML, '\ufffd');
}
