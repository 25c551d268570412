import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AoPaths } from "../../../core/plugin-api.js";

/**
 * A page under AO_HOME (0600, like daemon.token) that sends the browser on to the logged-in URL:
 * the opener (xdg-open, open) gets this file's path, which anyone may see in `ps`, instead of the
 * URL with the token. One file per session, replaced at each open.
 */
export function writeLauncherPage(paths: Pick<AoPaths, "home">, sessionId: string, url: string): string {
  const dir = join(paths.home, "run");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `open-${sessionId.replace(/[^\w-]/g, "_")}.html`);
  const target = escapeHtml(url);
  const page = `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${target}"><title>ao: ${escapeHtml(sessionId)}</title>
<p><a href="${target}">Open ${escapeHtml(sessionId)} in the dashboard</a></p>\n`;
  const temp = `${file}.${String(process.pid)}.tmp`;
  writeFileSync(temp, page, { mode: 0o600 });
  renameSync(temp, file);
  return file;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}
