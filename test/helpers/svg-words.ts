/**
 * The text of an SVG figure as a reader sees it: every <text> element's content in document order,
 * joined by spaces, so a title or axis name wrapped onto several lines reads as one phrase again.
 */
export function svgWords(svg: string): string {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'))
    .join(' ');
}

/**
 * An ECharts SVG with its generated ids made canonical: the instance prefix (zr0-, zr2-, … counts charts
 * made in the process) dropped, and style classes (cls-N counts every class made so far) renumbered in
 * order of first appearance. Two renderings of one option are then equal character for character.
 */
export function normaliseSvgIds(svg: string): string {
  const classes = new Map<string, string>();
  return svg.replace(/zr\d+-/g, 'zr-').replace(/zr-cls-\d+/g, (c) => {
    if (!classes.has(c)) classes.set(c, `zr-cls-${classes.size}`);
    return classes.get(c)!;
  });
}
