/**
 * A figure that sets its own size: a typeset table (./table-figure.ts) is as large as its measured
 * contents, not the default 6.5 × 4 in. Its option carries the size under one key; every renderer
 * (node/render-figure.ts, the app's renderer/src/logic/figures.ts) draws it at that size where the
 * caller names none, and the export option (./figure-layout.ts) leaves the key out.
 */
export const OWN_SIZE = 'gtlabOwnSize';

interface Size {
  width: number;
  height: number;
}

/** The option with its own size, in CSS px. */
export function withOwnSize(option: Record<string, unknown>, size: Size): Record<string, unknown> {
  return { ...option, [OWN_SIZE]: { width: size.width, height: size.height } };
}

/** The size the option sets for itself, or nothing where it takes the renderer's. */
export function ownSize(option: Record<string, unknown>): Size | Record<string, never> {
  const s = option[OWN_SIZE] as Size | undefined;
  return s ? { width: s.width, height: s.height } : {};
}
