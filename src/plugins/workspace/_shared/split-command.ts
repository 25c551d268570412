import { AoError } from "../../../core/plugin-api.js";

/**
 * Splits a `postCreate` command into argv, because ao runs it without a shell. The rules are the
 * part of POSIX sh that people write in such lines and nothing more:
 *
 * - blanks separate words; `'…'` is literal; `"…"` is literal except `\"` and `\\`;
 *   outside quotes `\x` is a literal `x`;
 * - nothing is expanded: `$HOME`, `~` and `*` reach the program as written;
 * - unquoted `|`, `&`, `;`, `<`, `>`, `` ` `` and `$(` are rejected, since they would mean a pipe,
 *   a redirection or a substitution that is not going to happen. Write `sh -c '…'` to get a shell.
 */
const OPERATOR_CHARS = new Set(["|", "&", ";", "<", ">", "`"]);

/** `source` names the config key the command came from, for error messages (`postCreate`, `ci`). */
export function splitCommand(command: string, source = "postCreate"): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  const append = (text: string): void => {
    word = (word ?? "") + text;
  };
  while (i < command.length) {
    const char = command.charAt(i);
    if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else if (char === "'") {
      const end = closingQuote(command, i, "'", source);
      append(command.slice(i + 1, end));
      i = end + 1;
    } else if (char === '"') {
      const end = closingQuote(command, i, '"', source);
      append(command.slice(i + 1, end).replace(/\\(["\\])/g, "$1"));
      i = end + 1;
    } else if (char === "\\") {
      append(command.charAt(i + 1));
      i += 2;
    } else {
      if (OPERATOR_CHARS.has(char) || (char === "$" && command.charAt(i + 1) === "(")) {
        throw shellSyntax(command, char === "$" ? "$(" : char, source);
      }
      append(char);
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  if (words.length === 0) throw invalid(command, source, "the command is empty");
  return words;
}

function closingQuote(command: string, start: number, quote: string, source: string): number {
  let i = start + 1;
  while (i < command.length && command.charAt(i) !== quote)
    i += quote === '"' && command.charAt(i) === "\\" ? 2 : 1;
  if (i >= command.length) throw invalid(command, source, `the ${quote} quote is not closed`);
  return i;
}

function shellSyntax(command: string, operator: string, source: string): AoError {
  return invalid(command, source, `\`${operator}\` needs a shell, and ${source} commands run without one`, [
    `quote it to pass it literally, or write sh -c '…' to run a shell on purpose`,
  ]);
}

function invalid(command: string, source: string, why: string, hints: string[] = []): AoError {
  return new AoError("E_CONFIG_INVALID", `${source} command ${JSON.stringify(command)}: ${why}`, {
    hint: hints[0] ?? `fix the ${source} entry in agent-orchestrator.yaml`,
    details: { command },
  });
}
