import { request, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { afterEach } from "vitest";
import type { DaemonMountContext } from "../../src/core/daemon/daemon-mount.js";
import {
  hasBearerToken,
  startHttpServer,
  type HttpServer,
  type RouteSet,
} from "../../src/core/http/index.js";
import type { RuntimeHandle } from "../../src/core/slots/index.js";
import {
  closeStore,
  insertSession,
  listEvents,
  openStore,
  writeTransaction,
} from "../../src/core/store/index.js";
import { builtinCatalog } from "../../src/plugins/builtin-catalog.js";
import { tmuxRuntimeOptions } from "../../src/plugins/runtime/_shared/plugin-options.js";
import { createTmuxRuntime } from "../../src/plugins/runtime/tmux.js";
import { terminalRouteMount } from "../../src/web/terminal/terminal-routes.js";
import { eventually } from "../contracts/eventually.js";
import { sessionCreated } from "../helpers/events.js";
import { makeTestContext, type TestContext } from "../helpers/test-context.js";
import { makeTmuxHome, runTmux } from "../helpers/tmux.js";
export { controlClients } from "../helpers/tmux-clients.js";

const FAKE_AGENT = join(import.meta.dirname, "../fixtures/bin/aider");
export const TOKEN = "t".repeat(64);
const servers: HttpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

export interface TerminalWorld {
  ctx: TestContext;
  socket: string;
  inputLog: string;
  base: string;
  tmux(args: string[]): string;
  /** `ao-1` runs the fake agent in tmux; `ao-2` claims the process runtime (no pane). */
  handle: RuntimeHandle;
  get(path: string, token?: string): Promise<{ status: number; body: unknown }>;
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: unknown }>;
  events(type: string): { payload: Record<string, unknown> }[];
}

/** A real tmux session with the fake agent, a store that knows it, and the terminal routes served. */
export async function makeTerminalWorld(extra: RouteSet[] = []): Promise<TerminalWorld> {
  const home = makeTmuxHome();
  const ctx = makeTestContext({ home: home.home, catalog: builtinCatalog });
  const runtime = createTmuxRuntime(
    { ...ctx, baseDir: home.home },
    tmuxRuntimeOptions.parse({ width: 100, height: 30 }),
  );
  const inputLog = join(home.home, "input.log");
  const argv = ["env", `FAKE_AGENT_INPUT_LOG=${inputLog}`, process.execPath, FAKE_AGENT];
  const handle = await runtime.create({ sessionId: "ao-1", cwd: home.home, argv, env: {} });
  await eventually(() => home.tmux(["capture-pane", "-p", "-t", "=ao-1:0.0"]).includes(">"), "the prompt");
  const store = openStore(ctx);
  writeTransaction(store, (tx) => {
    const row = {
      project: "app",
      branch: "b",
      worktree: home.home,
      agent: "aider",
      status: "working" as const,
    };
    insertSession(
      tx,
      { ...row, id: "ao-1", runtime: "tmux", runtimeHandle: { ...handle } },
      sessionCreated(),
    );
    insertSession(
      tx,
      { ...row, id: "ao-2", runtime: "process", runtimeHandle: { runtime: "process", id: "1" } },
      sessionCreated(),
    );
  });
  closeStore(store);
  const mount = await terminalRouteMount({ ctx } as unknown as DaemonMountContext);
  const server = await startHttpServer({
    port: 0,
    routes: [mount, ...extra],
    authorize: (r) => hasBearerToken(r, TOKEN),
    log: { error: () => undefined },
  });
  servers.push(server);
  const base = `http://127.0.0.1:${String(server.port)}`;
  return {
    ctx,
    socket: home.socket,
    inputLog,
    base,
    handle,
    tmux: (args) => runTmux(home.socket, args),
    get: (path, token = TOKEN) => call("GET", `${base}${path}`, token, undefined, {}),
    post: (path, body, headers = {}) =>
      call("POST", `${base}${path}`, TOKEN, JSON.stringify(body), {
        "content-type": "application/json",
        ...headers,
      }),
    events(type) {
      const opened = openStore(ctx);
      try {
        return listEvents(opened, { type }).map((event) => ({
          payload: event.payload,
        }));
      } finally {
        closeStore(opened);
      }
    },
  };
}

function call(
  method: string,
  url: string,
  token: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { authorization: `Bearer ${token}`, ...headers } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text === "" ? undefined : (JSON.parse(text) as unknown),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export interface SseMessage {
  event: string;
  data: Record<string, unknown>;
}

/** An open terminal stream: its messages so far, and closing it (the page going away). */
export interface OpenStream {
  messages: SseMessage[];
  output(): string;
  close(): void;
}

export function openStream(world: TerminalWorld, session = "ao-1"): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const messages: SseMessage[] = [];
    const req = request(
      `${world.base}/api/sessions/${session}/terminal/stream`,
      { headers: { authorization: `Bearer ${TOKEN}` } },
      (response: IncomingMessage) => {
        let rest = "";
        response.on("data", (chunk: Buffer) => {
          const parts = (rest + chunk.toString("utf8")).split("\n\n");
          rest = parts.pop() ?? "";
          for (const part of parts) {
            const event = /^event: (.*)$/m.exec(part)?.[1];
            const data = /^data: (.*)$/m.exec(part)?.[1];
            if (event !== undefined && data !== undefined)
              messages.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          }
        });
        resolve({
          messages,
          output: () =>
            Buffer.concat(
              messages
                .filter((m) => m.event === "output")
                .map((m) => Buffer.from(String(m.data["data"]), "base64")),
            ).toString("utf8"),
          close: () => req.destroy(),
        });
      },
    );
    req.on("error", (error) => (messages.length === 0 ? reject(error) : undefined));
    req.end();
  });
}
