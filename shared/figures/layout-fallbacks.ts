/**
 * The order in which the layout tries arrangements (./arrangement.ts) until one keeps every print rule:
 * at each font size from the figure's down to 7 pt, the legend in the asked place with one entry per
 * series, then the compact legend (a key per algorithm, ordering and run), then under or beside the plot
 * where the asked place had no room; then the title on one line to leave the plot its room. The first
 * that also keeps the subtitle (the runs' provenance) whole is taken; only where none does is it left out.
 */
import { arrange, type Arrangement, type Context, type Place } from './arrangement.ts';
import type { FigureLayout } from './layout-rules.ts';

/** The smallest text the layout sets to make a legend fit: 7 pt (at 96 px per inch). */
export const MIN_FONT_PX = (7 * 96) / 72;

/** Font sizes from `fs` down to `least` (or `fs` where it is smaller) in 1 px steps, `least` last. */
function fontSteps(fs: number, least: number): number[] {
  const floor = Math.min(fs, least);
  const out: number[] = [];
  for (let px = fs; px >= floor - 0.01; px--) out.push(px);
  if (out[out.length - 1] - floor > 0.01) out.push(Number(floor.toFixed(2)));
  return out;
}

/**
 * The first arrangement that meets every rule and keeps the subtitle, else the first that meets every
 * rule (its subtitle left out), in this order at each font size from the figure's down to 7 pt: the asked
 * place with one entry per series, then the compact legend; then (the place had no room) under or right
 * of the plot; a title on one line where the plot needs its room. Null where none fits.
 */
export function chooseArrangement(ctx: Context, fig: FigureLayout, minFont = MIN_FONT_PX): Arrangement | null {
  return (
    firstArrangement(ctx, fig, minFont, (a) => a.ok && !a.subDropped) ??
    firstArrangement(ctx, fig, minFont, (a) => a.ok)
  );
}

/** The first arrangement, in the order above, that `fits`. */
export function firstArrangement(
  ctx: Context,
  fig: FigureLayout,
  minFont: number,
  fits: (a: Arrangement) => boolean,
): Arrangement | null {
  const asked: Place[] = fig.legend === 'auto' ? ['bottom', 'right'] : fig.legend === 'off' ? [] : [fig.legend];
  const beside: Place[] = ['bottom', 'right'].filter((p) => !asked.includes(p as Place)) as Place[];
  for (const fs of fontSteps(fig.fontSize, minFont)) {
    for (const oneLine of [false, true]) {
      if (asked.length === 0 || ctx.forms[0].length === 0) {
        const a = arrange(ctx, fs, [], undefined, oneLine);
        if (fits(a)) return a;
        continue;
      }
      for (const places of [asked, beside])
        for (const form of ctx.forms)
          for (const place of places) {
            const a = arrange(ctx, fs, form, place, oneLine);
            if (fits(a)) return a;
          }
    }
  }
  return null;
}
