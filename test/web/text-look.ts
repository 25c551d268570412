import { expect } from "vitest";
import type { Page } from "playwright-core";
import { contrastRatio } from "./page-checks.js";

/** One element's own text as drawn: its colour, and the first opaque background behind it. */
export interface TextLook {
  what: string;
  color: string;
  background: string;
}

/**
 * The page-side script that reads every element under `selector` that holds text of its own (a
 * text node child): its computed colour and the colour behind it (its nearest ancestor with an
 * opaque background; white when none). Elements inside `skip` are left out (an SVG's text is
 * drawn by its fill, the terminal is checked on its own).
 */
export function readTextLooks(selector: string, skip = ":not(*)"): string {
  return `(() => {
    const behind = (el) => {
      for (let at = el; at !== null; at = at.parentElement) {
        const bg = getComputedStyle(at).backgroundColor;
        if (!/rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) return bg;
      }
      return "rgb(255, 255, 255)";
    };
    const own = (el) => [...el.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== "");
    return [...document.querySelectorAll(${JSON.stringify(selector)})]
      .flatMap((root) => [root, ...root.querySelectorAll("*")])
      .filter((el) => own(el) && el.getClientRects().length > 0 && el.closest(${JSON.stringify(skip)}) === null)
      .map((el) => ({
        what: el.tagName.toLowerCase() + "." + String(el.className) + " " + el.textContent.trim().slice(0, 30),
        color: getComputedStyle(el).color,
        background: behind(el),
      }));
  })()`;
}

/** Every text under `selector` has a contrast of at least 4.5:1, in the scheme the page has now. */
export async function expectReadableText(
  page: Page,
  selector: string,
  scheme: string,
  skip?: string,
): Promise<number> {
  const looks = await page.evaluate<TextLook[]>(readTextLooks(selector, skip));
  for (const look of looks)
    expect
      .soft(contrastRatio(look.color, look.background), `${scheme}: ${look.what}`)
      .toBeGreaterThanOrEqual(4.5);
  return looks.length;
}
