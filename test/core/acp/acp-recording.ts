import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * Checks recorded ACP traffic (test/fixtures/agents/acp/, scripts/record-acp/) against the ACP
 * SDK's own validators: the zod schemas @agentclientprotocol/sdk 2.4.0 validates every message with
 * (dist/v1/schema/zod.gen.js; the package's export map does not name them, so they are loaded by
 * file). Each request and notification is checked by its method, each response by the method of
 * the request it answers; a method ACP does not define is itself a finding.
 */
export const ACP_FIXTURES = fileURLToPath(new URL("../../fixtures/agents/acp/", import.meta.url));

interface Schema {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}
type Schemas = Record<string, Schema>;

const sdkMain = createRequire(import.meta.url).resolve("@agentclientprotocol/sdk");
const zod = (await import(
  pathToFileURL(join(dirname(sdkMain), "..", "schema", "zod.gen.js")).href
)) as Schemas;

/** method -> [params schema, result schema] (a notification has no result). */
const METHODS: Record<string, [string, string | undefined]> = {
  initialize: ["zInitializeRequest", "zInitializeResponse"],
  authenticate: ["zAuthenticateRequest", "zAuthenticateResponse"],
  "session/new": ["zNewSessionRequest", "zNewSessionResponse"],
  "session/load": ["zLoadSessionRequest", "zLoadSessionResponse"],
  "session/set_mode": ["zSetSessionModeRequest", "zSetSessionModeResponse"],
  "session/prompt": ["zPromptRequest", "zPromptResponse"],
  "session/cancel": ["zCancelNotification", undefined],
  "session/update": ["zSessionNotification", undefined],
  "session/request_permission": ["zRequestPermissionRequest", "zRequestPermissionResponse"],
  "fs/read_text_file": ["zReadTextFileRequest", "zReadTextFileResponse"],
  "fs/write_text_file": ["zWriteTextFileRequest", "zWriteTextFileResponse"],
};

export interface RecordedLine {
  readonly at: number;
  readonly dir: "client->agent" | "agent->client";
  readonly message?: Record<string, unknown>;
  readonly raw?: string;
}

/** One message that is not valid ACP: where, what kind, and the validator's words. */
export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
  readonly issue: string;
}

/** Every recording (`<agent>/<version>/*.jsonl`) under the fixtures folder. */
export function acpRecordings(root = ACP_FIXTURES): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith(".jsonl") ? [path] : [];
    });
  return walk(root).sort();
}

export function readRecording(file: string): RecordedLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as RecordedLine);
}

/** What kind of message a line is, e.g. `session/update usage_update` or `session/prompt result`. */
function kindOf(message: Record<string, unknown>, method: string | undefined): string {
  const params = message["params"] as { update?: { sessionUpdate?: string } } | undefined;
  const update = params?.update?.sessionUpdate;
  if (message["method"] !== undefined) return update ? `${method} ${update}` : String(method);
  return `${method ?? "unknown request"} ${"error" in message ? "error" : "result"}`;
}

function check(schemaName: string | undefined, value: unknown): string | undefined {
  if (schemaName === undefined) return "a response to a notification";
  const schema = zod[schemaName];
  if (schema === undefined) return `the SDK has no ${schemaName}`;
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  return (parsed.error?.issues ?? [])
    .map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

/** Every message of one recording that the SDK's validators reject, in order. */
export function findInvalid(file: string, lines: readonly RecordedLine[]): Finding[] {
  const name = relative(ACP_FIXTURES, file);
  const asked = new Map<string, string>(); // `${dir} ${id}` of a request -> its method
  const findings: Finding[] = [];
  lines.forEach((line, index) => {
    const found = (what: string, issue: string | undefined) => {
      if (issue !== undefined) findings.push({ file: name, line: index + 1, what, issue });
    };
    const message = line.message;
    if (message === undefined) return found("a line that is not JSON", line.raw ?? "");
    if (message["jsonrpc"] !== "2.0") found("not JSON-RPC 2.0", JSON.stringify(message["jsonrpc"]));
    const method = message["method"];
    if (typeof method === "string") {
      const schemas = METHODS[method];
      if (schemas === undefined) return found(method, "not an ACP method this recorder knows");
      if ("id" in message) asked.set(`${line.dir} ${JSON.stringify(message["id"])}`, method);
      return found(kindOf(message, method), check(schemas[0], message["params"] ?? {}));
    }
    const other = line.dir === "client->agent" ? "agent->client" : "client->agent";
    const answered = asked.get(`${other} ${JSON.stringify(message["id"])}`);
    const what = kindOf(message, answered);
    if (answered === undefined) return found(what, "answers no recorded request");
    if ("error" in message) return found(what, check("zError", message["error"]));
    found(what, check(METHODS[answered]?.[1], message["result"]));
  });
  return findings;
}
