import type { ConflictHunk } from "../store/index.js";

const OPEN = "<<<<<<< ";
const BASE = "||||||| ";
const SPLIT = "=======";
const CLOSE = ">>>>>>> ";

/**
 * The conflict blocks of a file as the three-way merge wrote it, pure: for each `<<<<<<<` …
 * `>>>>>>>` block its first and last line (1-based, markers included) and how many lines each side
 * has in it. A block left open at the end of the file is not one (the file itself held a marker).
 */
export function conflictHunks(file: string, text: string): ConflictHunk[] {
  const hunks: ConflictHunk[] = [];
  let open: { start: number; left: number; right: number; side: "left" | "base" | "right" } | undefined;
  text.split("\n").forEach((line, index) => {
    const number = index + 1;
    if (open === undefined) {
      if (line.startsWith(OPEN)) open = { start: number, left: 0, right: 0, side: "left" };
      return;
    }
    if (line.startsWith(CLOSE) && open.side === "right") {
      hunks.push({ file, start: open.start, end: number, leftLines: open.left, rightLines: open.right });
      open = undefined;
    } else if (line === SPLIT && open.side !== "right") open.side = "right";
    else if (line.startsWith(BASE) && open.side === "left") open.side = "base";
    else if (open.side === "left") open.left += 1;
    else if (open.side === "right") open.right += 1;
  });
  return hunks;
}
