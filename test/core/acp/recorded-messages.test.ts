import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir } from "../../helpers/temp-dir.js";
import { ACP_FIXTURES, acpRecordings, findInvalid, readRecording, type Finding } from "./acp-recording.js";

/**
 * Every message recorded from the real ACP agents (test/fixtures/agents/acp/, its README) is valid
 * ACP by the SDK's own validators, but for the deviations the README names: a recording that
 * breaks the protocol anew, or a named deviation that no longer shows, fails here.
 */
const KNOWN_DEVIATIONS: { agent: string; what: string; issue: RegExp; why: string }[] = [
  {
    agent: "claude-agent-acp/0.23.1/",
    what: "session/update usage_update",
    issue: /./,
    why: 'sends "used": null before Claude Code reported a context size; the SDK (2.4.0) rejects it (-32602) and drops the notification',
  },
];

const known = (finding: Finding) =>
  KNOWN_DEVIATIONS.find(
    (deviation) =>
      finding.file.startsWith(deviation.agent) &&
      finding.what === deviation.what &&
      deviation.issue.test(finding.issue),
  );

const recordings = acpRecordings();

describe("recorded ACP traffic", () => {
  it("has recordings", () => {
    expect(recordings.length).toBeGreaterThan(0);
  });

  it.each(recordings.map((file) => [file.slice(ACP_FIXTURES.length), file]))(
    "%s: every message is valid ACP but the named deviations",
    (_name, file) => {
      const unknown = findInvalid(file, readRecording(file)).filter(
        (finding) => known(finding) === undefined,
      );
      expect(unknown).toEqual([]);
    },
  );

  it("every named deviation still shows in a recording", () => {
    const all = recordings.flatMap((file) => findInvalid(file, readRecording(file)));
    for (const deviation of KNOWN_DEVIATIONS) {
      expect(
        all.some((finding) => known(finding) === deviation),
        deviation.why,
      ).toBe(true);
    }
  });

  it("each main recording initializes, opens a session and ends prompts with a stop reason", () => {
    for (const file of recordings.filter((path) => path.endsWith("/main.jsonl"))) {
      const messages = readRecording(file).flatMap((line) => (line.message ? [line.message] : []));
      const init = messages.find((message) => message["id"] === 0 && "result" in message);
      expect(init?.["result"], file).toMatchObject({ protocolVersion: 1 });
      const stops = messages
        .map((message) => (message["result"] as { stopReason?: string } | undefined)?.stopReason)
        .filter((stop) => stop !== undefined);
      expect(stops.length, file).toBeGreaterThan(0);
    }
  });
});

describe("the recording checker", () => {
  const write = (lines: object[]) => {
    const file = join(makeTempDir("ao-acp-rec-"), "x.jsonl");
    writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n"));
    return file;
  };
  const request = (id: number, method: string, params: object) => ({
    at: 0,
    dir: "client->agent",
    message: { jsonrpc: "2.0", id, method, params },
  });
  const answer = (id: number, result: object) => ({
    at: 1,
    dir: "agent->client",
    message: { jsonrpc: "2.0", id, result },
  });

  it("finds a prompt answered without a stop reason, an unknown method and a line that is not JSON", () => {
    const prompt = { sessionId: "s", prompt: [{ type: "text", text: "hi" }] };
    const file = write([
      request(1, "session/prompt", prompt),
      answer(1, { stopReason: "end_turn" }),
      request(2, "session/prompt", prompt),
      answer(2, {}),
      request(3, "session/teleport", {}),
      { at: 2, dir: "agent->client", raw: "Debugger listening" },
    ]);
    const found = findInvalid(file, readRecording(file)).map(({ line, what }) => [line, what]);
    expect(found).toEqual([
      [4, "session/prompt result"],
      [5, "session/teleport"],
      [6, "a line that is not JSON"],
    ]);
  });

  it("finds a session/update whose update is not one ACP defines", () => {
    const file = write([
      {
        at: 0,
        dir: "agent->client",
        message: {
          jsonrpc: "2.0",
          method: "session/update",
          params: { sessionId: "s", update: { sessionUpdate: "x" } },
        },
      },
    ]);
    expect(findInvalid(file, readRecording(file))).toHaveLength(1);
  });
});
