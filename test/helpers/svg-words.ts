/**
 * The text of an SVG figure as a reader sees it: every <text> element's content in document order,
 * joined by spaces, so a title or axis name wrapped onto several lines reads as one phrase again.
 */
export function svgWords(svg: string): string {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')).join(' ');
}
