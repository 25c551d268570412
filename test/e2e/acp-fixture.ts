import { expect } from "vitest";
import { eventually, type E2e } from "./e2e-fixture.js";

/** One turn as `ao turns --json` prints it, as far as the ACP e2e tests read it. */
export interface TurnJson {
  id: string;
  status: string;
  reply?: string | null;
  work?: { tools: { kind: string; title: string; status: string; files: string[] }[]; plan: unknown[] };
}

/** A pending permission question as `ao status --json` shows it. */
export interface QuestionJson {
  id: string;
  title: string;
  options: { id: string; kind: string }[];
}

/** The first session's pending question, if any. */
export function question(e2e: E2e): QuestionJson | undefined {
  const status = e2e.ao(["status", "--json"]);
  const sessions = (
    JSON.parse(status.stdout) as { sessions: { activity: { question?: QuestionJson } | null }[] }
  ).sessions;
  return sessions[0]?.activity?.question;
}

/**
 * `ao send app-1 "run npm test"` to the fake ACP agent: its question shows in `ao status`, a
 * person's `ao approve` answers it, and turn `turnId` ends with the command's tool call completed.
 */
export async function approvedRun(e2e: E2e, turnId: string): Promise<void> {
  expect(e2e.ao(["send", "app-1", "run npm test"]).exitCode).toBe(0);
  const asked = await eventually(() => question(e2e), "the permission question in ao status");
  expect(asked.title).toBe("Run npm test");
  expect(e2e.ao(["status"]).stdout).toContain("app-1 needs_input: permission: Run npm test");
  const approved = e2e.ao(["approve", "app-1", "--json"]);
  expect(approved.exitCode, approved.stderr).toBe(0);
  expect(JSON.parse(approved.stdout)).toMatchObject({ option: { kind: "allow_once" }, confirmed: true });
  const ran = e2e.ao(["turns", "wait", turnId, "--json"]);
  expect(ran.exitCode, ran.stderr).toBe(0);
  expect((JSON.parse(ran.stdout) as TurnJson).work?.tools).toEqual([
    expect.objectContaining({ kind: "execute", title: "Run npm test", status: "completed" }),
  ]);
}
