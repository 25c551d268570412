import type { Page } from "playwright-core";

/** The channels of a CSS colour as `getComputedStyle` writes it (`rgb(…)` or `rgba(…)`). */
function channels(color: string): [number, number, number] {
  const parts = /rgba?\(([^)]+)\)/
    .exec(color)?.[1]
    ?.split(",")
    .map((part) => Number(part.trim()));
  if (parts === undefined || parts.length < 3 || parts.some(Number.isNaN))
    throw new Error(`not a computed colour: ${color}`);
  return [parts[0]!, parts[1]!, parts[2]!];
}

/** WCAG 2 relative luminance of a computed colour. */
function luminance(color: string): number {
  const [r, g, b] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two computed colours (1 to 21; body text wants at least 4.5). */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Collects what a person would see in the console as errors: console errors, uncaught exceptions
 * and every Content-Security-Policy violation (the `securitypolicyviolation` event, which fires
 * even where the console message is worded differently). Call before the page loads.
 */
export async function watchPageErrors(page: Page): Promise<() => Promise<string[]>> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`exception: ${error.message}`));
  await page.addInitScript(`{
    const seen = (window.__cspViolations = []);
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push("csp: " + event.effectiveDirective + " blocked " + (event.blockedURI || "inline")),
    );
  }`);
  return async () => {
    const violations = await page.evaluate<string[]>("window.__cspViolations ?? []").catch(() => []);
    return [...errors, ...violations];
  };
}

/** How the terminal's text looks, read in the page: the rows' font and colour, the colour behind. */
export interface TerminalLook {
  font: string;
  color: string;
  background: string;
  /** Each row with text: the top and bottom of its text (its spans). */
  lines: { top: number; bottom: number }[];
}

/** The page-side script that reads a TerminalLook (the tests see no DOM types, so it is text). */
export const READ_TERMINAL_LOOK = `(() => {
  const rows = document.querySelector(".xterm-rows");
  const style = getComputedStyle(rows);
  let backdrop = rows;
  while (backdrop !== null && /rgba\\(0, 0, 0, 0\\)|transparent/.test(getComputedStyle(backdrop).backgroundColor))
    backdrop = backdrop.parentElement;
  const lines = [...rows.querySelectorAll(":scope > div")]
    .filter((row) => (row.textContent ?? "").trim() !== "")
    .map((row) => {
      const boxes = [...row.querySelectorAll("span")].map((span) => span.getBoundingClientRect());
      return { top: Math.min(...boxes.map((r) => r.top)), bottom: Math.max(...boxes.map((r) => r.bottom)) };
    });
  const background = backdrop === null ? "rgb(255, 255, 255)" : getComputedStyle(backdrop).backgroundColor;
  return { font: style.fontFamily, color: style.color, background, lines };
})()`;

/**
 * The page-side script that measures sideways scrolling: the scrolling element's widths and, to say
 * what is too wide, the outermost elements that reach past the window's right edge.
 */
export const READ_PAGE_WIDTH = `(() => {
  const root = document.scrollingElement;
  const client = root.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "");
  const wide = [...document.body.querySelectorAll("*")]
    .filter((el) => el.getBoundingClientRect().right > client + 0.5)
    .filter((el) => !(el.parentElement && el.parentElement.getBoundingClientRect().right > client + 0.5))
    .slice(0, 5)
    .map((el) => name(el) + " " + Math.round(el.getBoundingClientRect().right) + "px");
  return { scroll: root.scrollWidth, client, wide };
})()`;
