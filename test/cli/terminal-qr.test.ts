import { describe, expect, it } from "vitest";
import { modules, terminalQr } from "../../src/cli/terminal-qr.js";
import { scanTerminalQr } from "../helpers/scan-terminal-qr.js";

const LINK = "https://192.168.1.5:8443/pair#code=K7Q2-M9XD";

describe("terminalQr (ao dashboard pair's QR code)", () => {
  it("reads back as the link in colour, as a phone sees it on any theme", () => {
    const lines = terminalQr(LINK, { color: true });
    expect(scanTerminalQr(lines)).toBe(LINK);
  });

  it("reads back as the link without colour on a dark terminal", () => {
    const lines = terminalQr(LINK, { color: false });
    expect(lines.join("")).not.toContain("\u001b[");
    expect(scanTerminalQr(lines)).toBe(LINK);
  });

  it("is not read with light and dark swapped (the scan checks what the person sees)", () => {
    const swap: Record<string, string> = { "█": " ", " ": "█", "▀": "▄", "▄": "▀" };
    const inverted = terminalQr(LINK, { color: false }).map((line) =>
      [...line].map((cell) => swap[cell] ?? cell).join(""),
    );
    expect(scanTerminalQr(inverted)).toBeNull();
  });

  it("keeps a light quiet zone of four modules on every side", () => {
    const grid = modules(LINK);
    const edge = [...grid.slice(0, 4), ...grid.slice(-4)].flat();
    const sides = grid.flatMap((row) => [...row.slice(0, 4), ...row.slice(-4)]);
    expect([...edge, ...sides].every((dark) => !dark)).toBe(true);
    expect(grid.flat().some((dark) => dark)).toBe(true);
  });

  it("draws two module rows per line, so the code is about square in a terminal's cells", () => {
    const grid = modules(LINK);
    const lines = terminalQr(LINK, { color: false });
    expect(lines).toHaveLength(Math.ceil(grid.length / 2));
    expect([...lines[0]!]).toHaveLength(grid.length);
  });

  it("is not read when a module is wrong in many places (the scan is a real decode)", () => {
    const lines = terminalQr(LINK, { color: false }).map((line, i) =>
      i > 3 && i < 12 ? line.replace(/[█▀▄ ]/gu, (cell, at: number) => (at % 2 === 0 ? " " : cell)) : line,
    );
    expect(scanTerminalQr(lines)).not.toBe(LINK);
  });
});
