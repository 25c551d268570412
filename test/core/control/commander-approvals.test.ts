import { describe, expect, it } from "vitest";
import { assertCommanderMayAnswer } from "../../../src/core/control/commander-approvals.js";
import { isAoError } from "../../../src/core/errors.js";
import type { AgentQuestion } from "../../../src/core/slots/index.js";

/** Which permission questions a commander may answer under controlPlane.commanderApprovals (issue 26). */
const where = { session: "app-1", project: "app", configPath: "/cfg/agent-orchestrator.yaml" };
const options = [{ id: "allow-once", name: "Allow once", kind: "allow_once" }];
const asked = (toolKind?: string): AgentQuestion => ({
  id: "7",
  title: "A tool",
  options,
  ...(toolKind === undefined ? {} : { toolKind }),
});

function refusal(policy: "none" | "read-only" | "all", question: AgentQuestion): string | undefined {
  try {
    assertCommanderMayAnswer(policy, question, where);
    return undefined;
  } catch (error) {
    if (!isAoError(error)) throw error;
    expect(error.code).toBe("E_COMMANDER_APPROVALS");
    return `${error.message} | ${error.hint ?? ""}`;
  }
}

describe("assertCommanderMayAnswer", () => {
  it("none refuses every question, saying how a person answers and how to allow commanders", () => {
    for (const kind of ["read", "execute", undefined]) {
      const words = refusal("none", asked(kind));
      expect(words).toContain("commanderApprovals is none for project app");
      expect(words).toContain("ao approve app-1");
      expect(words).toContain("/cfg/agent-orchestrator.yaml");
    }
  });

  it("read-only allows read, search, fetch and think; refuses the rest and a question of no kind", () => {
    for (const kind of ["read", "search", "fetch", "think"])
      expect(refusal("read-only", asked(kind))).toBeUndefined();
    for (const kind of ["edit", "delete", "move", "execute", "other"])
      expect(refusal("read-only", asked(kind))).toContain("commanderApprovals is read-only");
    expect(refusal("read-only", asked())).toContain("no stated kind");
  });

  it("all allows any question", () => {
    for (const kind of ["execute", "delete", undefined]) expect(refusal("all", asked(kind))).toBeUndefined();
  });
});
