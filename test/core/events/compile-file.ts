import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface CompileError {
  line: number;
  text: string;
}

/**
 * The compiler's errors for one file of this repository under its own tsconfig, and for variants of
 * it (`variants`: name → how to change its text), each checked as a sibling file in the same
 * program, so one type-check answers all: how a test shows what does and does not compile.
 */
export function compileErrors(
  path: string,
  variants: Record<string, (text: string) => string> = {},
): { original: CompileError[]; variants: Record<string, CompileError[]> } {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    `${ROOT}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (parsed === undefined) throw new Error("tsconfig.json could not be read");
  const options = { ...parsed.options, noEmit: true };
  const file = `${ROOT}${path}`;
  const text = readFileSync(file, "utf8");
  const virtual = new Map(
    Object.entries(variants).map(([name, edit]) => [file.replace(/\.ts$/, `.${name}.ts`), edit(text)]),
  );
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    const content = virtual.get(name);
    return content === undefined
      ? read(name, language, ...rest)
      : ts.createSourceFile(name, content, language);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => virtual.has(name) || fileExists(name);
  const program = ts.createProgram([file, ...virtual.keys()], options, host);
  const errorsOf = (name: string): CompileError[] => {
    const source = program.getSourceFile(name);
    if (source === undefined) throw new Error(`${name} is not part of the program`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (diagnostic) => ({
        line: source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
        text: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
      }),
    );
  };
  const names = Object.keys(variants);
  const checked: Record<string, CompileError[]> = {};
  [...virtual.keys()].forEach((name, index) => (checked[names[index] ?? name] = errorsOf(name)));
  return { original: errorsOf(file), variants: checked };
}
