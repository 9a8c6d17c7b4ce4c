/**
 * What a figure's author is told about its layout (shown beside the composer's export buttons, printed
 * by `gtlab plot`): a legend set elsewhere than asked, a font set smaller than asked, and for a figure
 * where nothing fits, the font size and the width at the asked font that would fit.
 */
import type { LegendPlace } from './figure-spec.ts';
import { contextOf } from './arrangement.ts';
import { laidOutHere } from './figure-layout.ts';
import { chooseArrangement, MIN_FONT_PX } from './layout-fallbacks.ts';
import type { FigureLayout, Option } from './layout-rules.ts';

/**
 * Why a figure's layout is not as asked and what would make it fit (shown beside the export buttons,
 * printed by `gtlab plot`), or null. A figure where nothing fits (layoutFigure's `gtlabCramped`) is
 * refused: the message names the font size, and the width at the asked font, that would fit.
 */
export function layoutWarning(option: Option, fig: FigureLayout): string | null {
  if (!laidOutHere(option)) return null;
  const ctx = contextOf(option, fig);
  const chosen = chooseArrangement(ctx, fig);
  const size = `in ${fig.width} × ${fig.height} px at ${fig.fontSize} px text`;
  const rule = 'with the plot keeping 55 % of the width and half the height';
  const where = (p: LegendPlace) =>
    p === 'inside' ? 'inside the plot' : p === 'right' ? 'right of the plot' : 'under the plot';
  if (chosen) {
    const notes: string[] = [];
    if (chosen.place && fig.legend !== 'auto' && chosen.place !== fig.legend)
      notes.push(
        `The legend does not fit ${where(fig.legend)} ${size} ${rule}${fig.legend === 'inside' ? ' and clear of the curves' : ''}: it is set ${where(chosen.place)} instead. Choose that place (or auto), a smaller font or a larger figure.`,
      );
    if (chosen.fs !== fig.fontSize)
      notes.push(
        `The text is set at ${chosen.fs} px (not ${fig.fontSize} px) for the legend to fit in ${fig.width} × ${fig.height} px.`,
      );
    return notes.length ? notes.join(' ') : null;
  }
  const remedies: string[] = [];
  for (let px = Math.floor(MIN_FONT_PX); px >= 6; px--)
    if (chooseArrangement(contextOf(option, { ...fig, fontSize: px }), { ...fig, fontSize: px }, px)) {
      remedies.push(`a font size of ${px} px`);
      break;
    }
  for (let w = fig.width + 10; w <= 4000; w += 10)
    if (chooseArrangement(contextOf(option, { ...fig, width: w }), { ...fig, width: w }, fig.fontSize)) {
      remedies.push(`a figure ${w} px wide at ${fig.fontSize} px text`);
      break;
    }
  remedies.push('fewer series or shorter names', 'a larger figure');
  return `The legend does not fit ${size} ${rule}, nor with fewer columns, beside the plot, the compact legend or text down to 7 pt (${Number(MIN_FONT_PX.toFixed(2))} px). It fits with ${remedies.join('; or ')}.`;
}
