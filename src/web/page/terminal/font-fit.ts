/** The font sizes a terminal may take to fit its container (pixels). */
export const BASE_FONT_PX = 14;
const MIN_FONT_PX = 5;

/**
 * The font size at which `paneCols` columns fit the width `fitCols` columns take at `fontPx`: the
 * viewer's terminal keeps the pane's own size (never reflowing the agent's screen) and shrinks its
 * font instead, never past the base size.
 */
export function fittingFontSize(fontPx: number, fitCols: number, paneCols: number): number {
  if (fitCols <= 0 || paneCols <= 0) return fontPx;
  const scaled = Math.floor(((fontPx * fitCols) / paneCols) * 2) / 2;
  return Math.max(MIN_FONT_PX, Math.min(BASE_FONT_PX, scaled));
}
