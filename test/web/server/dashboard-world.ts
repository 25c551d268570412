import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import {
  readDaemonToken,
  daemonFiles,
  type DaemonInfo,
} from "../../../src/core/daemon-state/daemon-files.js";
import { runDaemon } from "../../../src/core/daemon/run-daemon.js";
import { dashboardMount, type DashboardOptions } from "../../../src/web/server/dashboard-routes.js";
import { makeDaemonWorld, readyOrFailure, recordingCycle } from "../../core/daemon/daemon-fixture.js";
import { httpRequestRaw, type RawHttpAnswer } from "../../core/daemon/http-client.js";
import { makeTempDir } from "../../helpers/temp-dir.js";

export const WEBHOOK_SECRET = "whsec-dashboard-test-0123456789";

const running: AbortController[] = [];
afterEach(async () => {
  for (const controller of running.splice(0)) controller.abort();
  await new Promise((resolve) => setTimeout(resolve, 20));
});

export interface DashboardWorld extends ReturnType<typeof makeDaemonWorld> {
  port: number;
  token: string;
  origin: string;
  info: DaemonInfo;
  /** A request with our Host; `headers` adds or overrides. */
  request(
    method: string,
    path: string,
    options?: { headers?: Record<string, string>; body?: string },
  ): Promise<RawHttpAnswer>;
  /** The cookie header a logged-in page sends. */
  cookie: string;
  /** A JSON POST as the page sends it: own Origin, cookie, application/json. */
  post(path: string, body: unknown): Promise<RawHttpAnswer>;
  get(path: string): Promise<RawHttpAnswer>;
}

/** A page bundle as web-page's build leaves it: index.html, app.js, app.css. */
export function bundleDir(): string {
  const dir = makeTempDir("ao-web-");
  writeFileSync(
    join(dir, "index.html"),
    '<!doctype html><link rel="stylesheet" href="/app.css" nonce="{{AO_STYLE_NONCE}}"><script type="module" src="/app.js"></script>\n',
  );
  writeFileSync(join(dir, "manifest.webmanifest"), '{"name":"ao"}\n');
  writeFileSync(join(dir, "app.js"), "console.log('ao');\n");
  writeFileSync(join(dir, "app.css"), "body{}\n");
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "logo.svg"), "<svg/>\n");
  return dir;
}

/**
 * A real daemon in this process (real store, real HTTP server on a free port) with the dashboard
 * mounted, its cycle injected; the webhook secret is in its environment, to check it never leaks.
 */
export async function startDashboard(
  setup: (world: ReturnType<typeof makeDaemonWorld>) => void = () => {},
  options: DashboardOptions = {},
): Promise<DashboardWorld> {
  const world = makeDaemonWorld(undefined, { AO_GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET });
  setup(world);
  const controller = new AbortController();
  running.push(controller);
  let ready!: (info: DaemonInfo) => void;
  const readyInfo = new Promise<DaemonInfo>((resolve) => (ready = resolve));
  const done = runDaemon(world.ctx, {
    signal: controller.signal,
    pid: 4242,
    version: "0.0.0-test",
    openEngine: () => Promise.resolve(world.engine),
    runCycle: recordingCycle().runCycle,
    onReady: ready,
    mounts: [dashboardMount({ assetsDir: bundleDir(), pollMs: 20, coalesceMs: 10, ...options })],
  });
  // A start error (a taken port, a held lock) fails the test here instead of hanging it.
  const info = await readyOrFailure(readyInfo, done);
  const token = (await readDaemonToken(daemonFiles(world.ctx.paths))) ?? "";
  const port = info.port;
  const origin = `http://127.0.0.1:${port}`;
  const request: DashboardWorld["request"] = (method, path, opts = {}) =>
    httpRequestRaw(port, method, path, opts);
  const login = await request("POST", "/api/session-cookie", {
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const cookie = String(login.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "";
  return {
    ...world,
    port,
    token,
    origin,
    info,
    request,
    cookie,
    post: (path, body) =>
      request("POST", path, {
        headers: { origin, cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    get: (path) => request("GET", path, { headers: { cookie } }),
  };
}
