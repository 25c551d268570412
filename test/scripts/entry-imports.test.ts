import { describe, expect, it } from "vitest";
import { bypassEntries, reExports } from "../../scripts/entry-imports.mjs";

const entry = "/repo/src/core/sessions/index.ts";
const definitions = reExports(
  entry,
  [
    'export { killSession } from "./kill-session.js";',
    'export { listSessionViews, watchSessionViews as watchViews } from "./list-sessions.js";',
    'export type { SessionView } from "./session-view.js";',
  ].join("\n"),
);
const bypass = (text: string) => bypassEntries("/repo/src/cli/commands/x.ts", text, () => definitions);

describe("scripts/entry-imports.mjs: the bundle imports what an entry's names stand for", () => {
  it("points a static import at the files that define its names, and drops the types", () => {
    const text =
      'import { killSession, watchViews as w, type SessionView } from "../../core/sessions/index.js";';
    expect(bypass(text)).toBe(
      'import { killSession } from "../../core/sessions/kill-session.js"; ' +
        'import { watchSessionViews as w } from "../../core/sessions/list-sessions.js";',
    );
  });

  it("points a lazy import of one file's names at that file, and of several at a module of their own", () => {
    expect(bypass('const { killSession } = await import("../../core/sessions/index.js");')).toBe(
      'const { killSession } = await import("../../core/sessions/kill-session.js");',
    );
    expect(
      bypass(
        'const [{ killSession, listSessionViews }] = await Promise.all([import("../../core/sessions/index.js")]);',
      ),
    ).toBe(
      'const [{ killSession, listSessionViews }] = await Promise.all([import("../../core/sessions/index.js?names=killSession,listSessionViews")]);',
    );
    expect(
      bypass('const sessions = await import("../../core/sessions/index.js");\nsessions.killSession();'),
    ).toContain('import("../../core/sessions/kill-session.js")');
  });

  it("leaves alone what it cannot see through: a whole namespace, a rest element, a type-only import", () => {
    const unseen = [
      'import * as sessions from "../../core/sessions/index.js";',
      'const { killSession, ...rest } = await import("../../core/sessions/index.js");',
      'const sessions = await import("../../core/sessions/index.js");\nconsole.log(sessions);',
      'import type { SessionView } from "../../core/sessions/index.js";',
      'import { x } from "../../core/sessions/kill-session.js";',
    ];
    for (const text of unseen) expect(bypass(text)).toBe(text);
  });
});
