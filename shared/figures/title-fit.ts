/**
 * A figure's title and subtitle wrapped to its width within the room its plot leaves: the title wrapped
 * by words (or its head before ": " where the plot needs the room), the subtitle (the runs' provenance)
 * wrapped between its fields onto as many lines as it needs, set smaller (down to 6 px) where those do
 * not fit, else left out whole, never cut, and said to be left out.
 */
import { textWidth, wrapFields, wrapText } from './text-metrics.ts';
import { lineHeight } from './layout-rules.ts';

/** A title on one line: whole if it fits, else its part before the first ": " ("Furtak & Buro 2009, Figure 4: …" → "Furtak & Buro 2009, Figure 4"), else wrapped. */
function titleHead(text: string, width: number, px: number): string[] {
  const colon = text.indexOf(': ');
  if (textWidth(text, px) > width && colon > 0 && textWidth(text.slice(0, colon), px) <= width)
    return [text.slice(0, colon)];
  return wrapText(text, width, px);
}

/** The smallest a subtitle is set to keep it whole. */
const MIN_SUBTITLE_PX = 6;

/**
 * Title and subtitle wrapped to the width within `budget` px. A subtitle that does not fit is set smaller
 * (down to 6 px), else left out whole (never cut: `subDropped`); a title that does not fit takes its head
 * (titleHead).
 */
export function fitTitle(
  text: string,
  subtext: string,
  width: number,
  fs: number,
  budget: number,
  /** the title on one line and the subtitle smaller, though more would fit (to leave the plot room) */
  oneLine: boolean,
): { titleLines: string[]; subLines: string[]; spx: number; titleH: number; subDropped: boolean } {
  const tpx = fs + 2;
  let titleLines = text ? wrapText(text, width, tpx) : [];
  if (titleLines.length > 1 && (oneLine || titleLines.length * lineHeight(tpx) > budget))
    titleLines = titleHead(text, width, tpx);
  const height = (sub: string[], px: number) =>
    titleLines.length * lineHeight(tpx) + (sub.length ? 4 + sub.length * lineHeight(px) : 0);
  const wrapSub = (px: number) => (subtext ? subtext.split('\n').flatMap((l) => wrapFields(l, width, px)) : []);
  let spx = Math.max(MIN_SUBTITLE_PX, fs - (oneLine ? 3 : 1));
  let subLines = wrapSub(spx);
  while (height(subLines, spx) > budget && spx > MIN_SUBTITLE_PX) {
    spx = Math.max(MIN_SUBTITLE_PX, spx - 1);
    subLines = wrapSub(spx);
  }
  const subDropped = subLines.length > 0 && height(subLines, spx) > budget;
  if (subDropped) subLines = [];
  return { titleLines, subLines, spx, titleH: height(subLines, spx), subDropped };
}
