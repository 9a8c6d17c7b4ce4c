/**
 * What a figure's author is told about its layout (shown beside the composer's export buttons, printed
 * by `gtlab plot`): a legend set elsewhere than asked, a font set smaller than asked (and for what), a
 * subtitle left out for want of room and the height that would hold it, and for a figure where nothing
 * fits, the font size and the width at the asked font that would fit.
 */
import { PX_PER_CM, type LegendPlace } from './figure-spec.ts';
import { contextOf } from './arrangement.ts';
import { laidOutHere } from './figure-layout.ts';
import { chooseArrangement, firstArrangement, MIN_FONT_PX } from './layout-fallbacks.ts';
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
    if (chosen.fs !== fig.fontSize) {
      // Where the legend alone would take a larger font, the smaller one is (also) for the subtitle.
      const forLegend = firstArrangement(ctx, fig, MIN_FONT_PX, (a) => a.ok)!.fs;
      const what =
        forLegend === chosen.fs
          ? 'the legend'
          : forLegend === fig.fontSize
            ? 'the subtitle'
            : 'the legend and the subtitle';
      notes.push(
        `The text is set at ${chosen.fs} px (not ${fig.fontSize} px) for ${what} to fit in ${fig.width} × ${fig.height} px.`,
      );
    }
    if (chosen.subDropped) {
      let tall = fig.height + 5;
      while (tall < 4000) {
        const taller = { ...fig, height: tall };
        if (!chooseArrangement(contextOf(option, taller), taller)?.subDropped) break;
        tall += 5;
      }
      notes.push(
        `The subtitle (each run's spec, seed, trees and version) does not fit in ${fig.width} × ${fig.height} px with the plot keeping half the height, even wrapped onto further lines and set down to 6 px: it is left out. It fits whole in a figure ${tall} px high (${(tall / PX_PER_CM).toFixed(1)} cm), or with fewer runs.`,
      );
    }
    return notes.length ? notes.join(' ') : null;
  }
  // What makes the legend fit, the subtitle aside (it is said apart once the figure is laid out).
  const fits = (f: FigureLayout, least: number) => firstArrangement(contextOf(option, f), f, least, (a) => a.ok);
  const remedies: string[] = [];
  for (let px = Math.floor(MIN_FONT_PX); px >= 6; px--)
    if (fits({ ...fig, fontSize: px }, px)) {
      remedies.push(`a font size of ${px} px`);
      break;
    }
  for (let w = fig.width + 10; w <= 4000; w += 10)
    if (fits({ ...fig, width: w }, fig.fontSize)) {
      remedies.push(`a figure ${w} px wide at ${fig.fontSize} px text`);
      break;
    }
  remedies.push('fewer series or shorter names', 'a larger figure');
  return `The legend does not fit ${size} ${rule}, nor with fewer columns, beside the plot, the compact legend or text down to 7 pt (${Number(MIN_FONT_PX.toFixed(2))} px). It fits with ${remedies.join('; or ')}.`;
}
