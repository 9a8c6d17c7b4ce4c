/**
 * The title block every figure opens with: its title centred above the plot, the subtitle (spec name,
 * seed, version) under it, both in the figure font, the title at 14 px.
 */
export function chartTitle(text: string | undefined, subtext: string, font: string): Record<string, unknown> {
  return {
    text,
    subtext,
    left: 'center',
    textStyle: { fontFamily: font, fontSize: 14 },
    subtextStyle: { fontFamily: font },
  };
}
