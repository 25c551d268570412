import type { OutputStream } from "../core/context.js";
import { redactStrings } from "../core/redact.js";

/**
 * Results go to stdout; `--json` prints exactly one JSON document. Its strings pass through
 * redaction: a reason or an error may quote a token a forge echoed back.
 */
export function writeJson(out: OutputStream, value: unknown): void {
  out.write(`${JSON.stringify(value, redactStrings, 2)}\n`);
}

export function writeLines(out: OutputStream, lines: readonly string[]): void {
  if (lines.length > 0) out.write(`${lines.join("\n")}\n`);
}

export interface Column<Row> {
  header: string;
  value: (row: Row) => string;
}

/** A plain left-aligned table; widths from the longest cell. Empty list → just the headers. */
export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string[] {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((r) => (r[i] ?? "").length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.header.toUpperCase())), ...cells.map(line)];
}

export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

/** Colour only on a terminal and never when NO_COLOR is set (https://no-color.org). */
export function colorEnabled(out: OutputStream, env: Readonly<Record<string, string | undefined>>): boolean {
  return out.isTTY === true && (env["NO_COLOR"] ?? "") === "" && env["TERM"] !== "dumb";
}

/** Bold, dim and three colours, each a no-op where colorEnabled says no. */
export function createStyle(out: OutputStream, env: Readonly<Record<string, string | undefined>>): Style {
  const enabled = colorEnabled(out, env);
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
  };
}
