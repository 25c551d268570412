/**
 * The program an agent runs on each hook or notify event. It appends the event's JSON as one line to
 * the file named by its first argument, with `ao_received_at` (ms since the epoch) added: hook
 * payloads carry no time of their own, and a turn's start and end are dated by it. Claude Code
 * writes the JSON to the hook's stdin; Codex passes it as the last argument. It is `node -e` with an
 * inline script (no file to install, no shell features), run by the same node that runs ao, and it
 * never fails the agent: errors are swallowed. It makes the file's directory (`.ao`) but never the
 * checkout around it: an event that arrives after the checkout was removed is dropped. The stamp is
 * ao's clock: the machine's time, plus the offset in the file named by the test variable
 * AO_CLOCK_FILE when the agent's environment has it (src/core/clock.ts; agents inherit ao's
 * environment), so hooks and ao agree on a test's shifted time.
 */
export const RECEIVED_AT_KEY = "ao_received_at";

const RECORDER_SCRIPT = [
  'const fs = require("node:fs");',
  "const [file, ...rest] = process.argv.slice(1);",
  "const now = () => {",
  "  const clock = process.env.AO_CLOCK_FILE;",
  '  const offset = clock ? Number(fs.readFileSync(clock, "utf8").trim()) : 0;',
  "  if (!Number.isSafeInteger(offset)) throw new Error(clock);",
  "  return Date.now() + offset;",
  "};",
  "const stamp = (line) => {",
  "  try {",
  "    const value = JSON.parse(line);",
  '    if (value && typeof value === "object" && !Array.isArray(value))',
  `      return JSON.stringify({ ...value, ${RECEIVED_AT_KEY}: now() });`,
  "  } catch {}",
  "  return line;",
  "};",
  "const write = (text) => {",
  '  const line = text.replace(/\\r?\\n/g, " ").trim();',
  '  if (!line.startsWith("{")) return;',
  // Only `.ao` itself is made, never its parent: a worktree removed while the agent ends (its
  // SessionEnd hook) must stay removed, so an event for a checkout that is gone is dropped.
  "  try {",
  '    try { fs.mkdirSync(require("node:path").dirname(file)); } catch (error) { if (error.code !== "EEXIST") return; }',
  '    fs.appendFileSync(file, stamp(line) + "\\n");',
  "  } catch {}",
  "};",
  "if (rest.length > 0) write(rest[rest.length - 1]);",
  'else { let input = ""; process.stdin.on("data", (c) => (input += c)); process.stdin.on("end", () => write(input)); }',
].join("\n");

/** argv for programs that take an argument array (Codex `notify`). */
export function hookRecorderArgv(nodePath: string, eventsFile: string): string[] {
  return [nodePath, "-e", RECORDER_SCRIPT, eventsFile];
}

/**
 * A command line for programs that run hooks through a shell (Claude Code). Every word is single
 * quoted; the words are ao's own paths and script, never task text.
 */
export function hookRecorderCommand(nodePath: string, eventsFile: string): string {
  return hookRecorderArgv(nodePath, eventsFile).map(shellQuote).join(" ");
}

/** POSIX sh single quoting: inside '…' nothing is special, and ' is written '\''. */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
