import { describe, expect, it } from "vitest";
import { makeCliFixture } from "../core/sessions/cli-fixture.js";

const ESC = "\u001b";
const HOSTILE_TITLE = `Fix it${ESC}]0;pwned\u0007${ESC}[2J\rclean\u009b`;
const HOSTILE_BODY = `line one\n\tindented${ESC}[31m red\u0000\nend\u007f`;

function hostileFixture() {
  const f = makeCliFixture();
  f.writeConfig("tracker: fake");
  f.tracker.add({ title: HOSTILE_TITLE, body: HOSTILE_BODY, labels: [`bug${ESC}[8m`, "ok\nfine"] });
  return f;
}

// The control characters (ESC, BEL, CR, NUL, DEL, C1) that could drive the terminal.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("ao issue show and ls print what a tracker holds without its control characters", () => {
  it("show keeps newlines and tabs of the body and drops the rest", async () => {
    const f = hostileFixture();
    const shown = await f.ao(["issue", "show", "1"]);
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).not.toMatch(CONTROL);
    expect(shown.stdout.split("\n")[0]).toBe("1  Fix it]0;pwned[2Jclean");
    expect(shown.stdout).toContain("line one\n\tindented[31m red\nend\n");
  });

  it("ls keeps each issue on its row", async () => {
    const f = hostileFixture();
    const listed = await f.ao(["issue", "ls"]);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).not.toMatch(CONTROL);
    const rows = listed.stdout.trimEnd().split("\n");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^1 +open +bug\[8m,ok fine +Fix it\]0;pwned\[2Jclean$/);
  });

  it("--json keeps the text exactly as the tracker gave it", async () => {
    const f = hostileFixture();
    const shown = await f.ao(["issue", "show", "1", "--json"]);
    const listed = await f.ao(["issue", "ls", "--json"]);
    expect((JSON.parse(shown.stdout) as { issue: { title: string; body: string } }).issue).toMatchObject({
      title: HOSTILE_TITLE,
      body: HOSTILE_BODY,
    });
    expect((JSON.parse(listed.stdout) as { issues: { title: string }[] }).issues[0]?.title).toBe(
      HOSTILE_TITLE,
    );
  });
});

describe("ao issue flags (issue 30: declared once in src/cli/flags.ts)", () => {
  it("files repeated --label values and refuses a --state that is not one", async () => {
    const f = makeCliFixture();
    f.writeConfig("tracker: fake");
    const filed = await f.ao(["issue", "new", "Two labels", "--label", "a", "--label", "b", "--json"]);
    expect(filed.exitCode).toBe(0);
    expect((JSON.parse(filed.stdout) as { issue: { labels: string[] } }).issue.labels).toEqual(["a", "b"]);
    const bad = await f.ao(["issue", "ls", "--state", "shut"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--state "shut" is not one of: open, closed, all');
  });
});
