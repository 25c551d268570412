import { describe, expect, it } from "vitest";
import { RECORDED_VERSIONS } from "../../../src/plugins/agent/_shared/recorded-versions.js";
import { agentRecordings } from "./fixtures.js";

describe("RECORDED_VERSIONS", () => {
  it.each(Object.entries(RECORDED_VERSIONS))(
    "%s is the newest version.txt of its recordings",
    (agent, version) => {
      expect(agentRecordings(agent).at(-1)?.version).toBe(version);
    },
  );
});
