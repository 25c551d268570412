import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, killDaemons } from "./e2e-fixture.js";
import { FAULT_SEED, seededRandom } from "./fault-seed.js";
import {
  agentIdle,
  deliveryWorld,
  foregroundDaemon,
  inputBox,
  leftBuffers,
  prompts,
  seenAt,
  storeReader,
  type DeliveryWorld,
  type StoreReader,
} from "./delivery-fixture.js";
import { aoKilled, sigkills } from "./stop-fixture.js";

/**
 * Issue 25's delivery fault test: `ao send`, `ao send --no-wait` and the daemon delivering a queued
 * turn, each killed with SIGKILL at a seeded random point (sometimes a sender and the daemon at
 * once), then recovered as docs/turns.md says: by the next `ao send`, by `ao turns` and
 * `ao turns wait`, or by the daemon's next cycle. Afterwards every message reached the agent exactly
 * once, or its turn failed with why: none twice, none lost behind a turn that says it was delivered,
 * none glued to another or cut, and the agent's input box is empty.
 */
const SEED = FAULT_SEED;
/**
 * Kills made, not aimed: a sender that ended before its moment was not killed, so runs go on until
 * this many ao processes died of SIGKILL (issue 25: 50 in all, with spawn-cleanup-faults' 30).
 */
const KILLS = 20;
const ENDED = new Set(["completed", "failed", "empty", "interrupted"]);
const daemons: number[] = [];
afterEach(() => killDaemons(daemons));

type Way = "send" | "no-wait" | "daemon" | "both";

/** Sends are cheap, daemon runs dear: a seeded pick weighted so. */
function wayOf(u: number): Way {
  return u < 0.4 ? "send" : u < 0.8 ? "no-wait" : u < 0.9 ? "daemon" : "both";
}

/** How long after a killed sender the daemon beside it may live: its turn watch looks every second. */
const DAEMON_AFTER_SENDER_MS = 1_500;

/** Timings measured here and now: a whole send, a delivery (turn given → running), a daemon's start. */
interface Timings {
  sendMs: number;
  deliverMs: number;
  daemonMs: number;
}

interface World {
  w: DeliveryWorld;
  store: StoreReader;
  sent: { text: string; where: string }[];
  say(where: string): string;
}

describe("ao killed at random points of a delivery (tmux, the fake claude, the daemon)", () => {
  it(
    `each message reaches the agent once or its turn failed with why; none twice, lost or glued (seed ${SEED}, ${KILLS} kills)`,
    { timeout: 300_000 },
    async () => {
      const world = await makeWorld();
      const { w } = world;
      const next = seededRandom(SEED);
      const t = await measure(world);
      sigkills.count = 0;
      for (let run = 1; sigkills.count < KILLS && run <= 3 * KILLS; run++) {
        const way = wayOf(next());
        const from = next() < 0.25 ? "start" : "turn";
        const r = next();
        const recovery = r < 0.45 ? "next send" : r < 0.9 ? "turns" : "daemon";
        const where = `seed ${String(SEED)}, run ${String(run)}: ${way} killed from its ${from}, then ${recovery}`;
        if (way === "daemon") await killDaemonDelivering(world, t, where, from === "start", next);
        else
          await killSender(
            world,
            t,
            where,
            { noWait: way === "no-wait", daemon: way === "both", from },
            next,
          );
        if (recovery === "turns") await settleByTurns(w, where);
        if (recovery === "daemon") await settleByDaemon(w, where);
      }
      await settleByDaemon(w, `seed ${String(SEED)}, at the end`);
      world.store.close();
      expectEachOnce(world);
      expect(inputBox(w), "the agent's input box at the end").toBe("");
      expect(leftBuffers(w), "tmux paste buffers left behind").toEqual([]);
      expect(sigkills.count, "ao processes killed (SIGKILL)").toBeGreaterThanOrEqual(KILLS);
    },
  );
});

async function makeWorld(): Promise<World> {
  const w = await deliveryWorld();
  const sent: World["sent"] = [];
  const say = (where: string): string => {
    const text = `Note ${String(sent.length + 1)} of seed ${String(SEED)}: check the build (${where})`;
    sent.push({ text, where });
    return text;
  };
  return { w, store: storeReader(w), sent, say };
}

/** A clean send and a clean delivery by the daemon, timed; the kills fall within these. */
async function measure(world: World): Promise<Timings> {
  const { w, store } = world;
  const text = world.say("measuring a send");
  const started = Date.now();
  const sender = w.aoAsync(["send", "app-1", text]);
  const given = await seenAt(() => store.statusOf(text) !== undefined, "the turn");
  const deliverMs = (await seenAt(() => store.statusOf(text) === "running", "its delivery")) - given;
  expect((await sender).exitCode).toBe(0);
  const sendMs = Date.now() - started;
  await settleByTurns(w, "measuring a send");
  const queued = await queueForDaemon(world, "measuring the daemon");
  const daemonStarted = Date.now();
  const daemon = foregroundDaemon(w);
  await seenAt(() => store.statusOf(queued) === "delivering", "the claim");
  const daemonMs = Date.now() - daemonStarted + deliverMs;
  expect(w.ao(["stop"]).exitCode).toBe(0);
  await daemon.done;
  await settleByTurns(w, "measuring the daemon");
  return { sendMs, deliverMs, daemonMs };
}

/**
 * `ao send` (or `--no-wait`) killed `from` its start or from the moment its message became a turn;
 * with `daemon`, a daemon runs beside it and is killed within 1.5 s after the sender died, while it
 * recovers the orphaned delivery or delivers what was queued again.
 */
async function killSender(
  world: World,
  t: Timings,
  where: string,
  how: { noWait: boolean; daemon: boolean; from: "start" | "turn" },
  next: () => number,
): Promise<void> {
  const daemon = how.daemon ? foregroundDaemon(world.w) : undefined;
  if (daemon !== undefined)
    await eventually(() => (daemon.ready() ? true : undefined), `${where}: the daemon`);
  const text = world.say(where);
  const args = how.noWait ? ["send", "--no-wait", "app-1", text] : ["send", "app-1", text];
  const at =
    how.from === "start"
      ? { afterMs: 5 + Math.floor(next() * t.sendMs) }
      : { afterMs: Math.floor(next() * t.deliverMs), from: () => world.store.statusOf(text) !== undefined };
  let senderDied = false;
  const sender = aoKilled(world.w, args, at).then(() => (senderDied = true));
  daemon?.killAfter(Math.floor(next() * DAEMON_AFTER_SENDER_MS), () => senderDied);
  await Promise.all([sender, daemon?.done]);
}

/** A turn queued for the daemon, and the daemon killed from its start or from its claim of the turn. */
async function killDaemonDelivering(
  world: World,
  t: Timings,
  where: string,
  fromStart: boolean,
  next: () => number,
): Promise<void> {
  const text = await queueForDaemon(world, where);
  const daemon = foregroundDaemon(world.w);
  if (fromStart) daemon.killAfter(5 + Math.floor(next() * t.daemonMs));
  else daemon.killAfter(Math.floor(next() * t.deliverMs), () => world.store.statusOf(text) === "delivering");
  await daemon.done;
}

/** A turn queued for the daemon: behind a long turn, which is then interrupted. Returns its text. */
async function queueForDaemon(world: World, where: string): Promise<string> {
  const { w } = world;
  await settleByTurns(w, `${where}, before`);
  w.nextTurn({ workMs: 600_000 });
  const blocker = w.ao(["send", "app-1", world.say(`${where}; a long turn ahead`)]);
  expect(blocker.exitCode, `${where}: ${blocker.stderr}`).toBe(0);
  w.nextTurn({});
  const text = world.say(`${where}; queued for the daemon`);
  const queued = w.ao(["send", "--no-wait", "app-1", text]);
  expect(queued.stderr, where).toContain("queued behind");
  const interrupted = w.ao(["session", "interrupt", "app-1"]);
  expect(interrupted.exitCode, `${where}: ${interrupted.stderr}`).toBe(0);
  await eventually(() => (agentIdle(w) ? true : undefined), `${where}: the agent idle`);
  return text;
}

/** `ao turns` (which recovers an orphaned delivery) until every turn ended; queued ones `ao turns wait`ed. */
async function settleByTurns(w: DeliveryWorld, where: string): Promise<void> {
  await eventually(() => (agentIdle(w) ? true : undefined), `${where}: the agent idle`);
  await eventually(() => {
    const turns = w.turns();
    const queued = turns.find((turn) => turn.status === "queued");
    if (queued !== undefined) w.ao(["turns", "wait", queued.id, "--timeout", "60s"]);
    return queued === undefined && turns.every((turn) => ENDED.has(turn.status)) ? true : undefined;
  }, `${where}: every turn to end`);
}

/** The daemon's next cycle recovers and delivers; stopped once every turn ended. */
async function settleByDaemon(w: DeliveryWorld, where: string): Promise<void> {
  const started = w.ao(["start", "--json"]);
  expect(started.exitCode, `${where}: ${started.stderr}`).toBe(0);
  daemons.push((JSON.parse(started.stdout) as { pid: number }).pid);
  await eventually(
    () => (w.turns().every((turn) => ENDED.has(turn.status)) ? true : undefined),
    `${where}: the daemon to end every turn`,
  );
  expect(w.ao(["stop"]).exitCode, where).toBe(0);
}

/** What the agent received against what ao says, message by message. */
function expectEachOnce({ w, sent }: World): void {
  const received = prompts(w).slice(1); // the first is the spawn's task
  const turns = w.turns();
  for (const { text, where } of sent) {
    const times = received.filter((prompt) => prompt === text).length;
    const sha256 = createHash("sha256").update(text).digest("hex");
    const turn = turns.find((row) => row.message.sha256 === sha256);
    const said = turn === undefined ? "no turn" : `${turn.id} ${turn.status} (${turn.error ?? "no error"})`;
    expect(times, `${where}: given to the agent ${String(times)} times; ${said}`).toBeLessThanOrEqual(1);
    if (turn === undefined) expect(times, `${where}: given to the agent without a turn`).toBe(0);
    else if (turn.status === "failed") {
      expect(turn.error ?? "", `${where}: ${said}`).not.toBe("");
      // Failed means not sent: a person who sends it again must not give the agent it twice.
      expect(times, `${where}: ${said}, yet the agent got it`).toBe(0);
    } else expect(times, `${where}: ${said}, but the agent never got it`).toBe(1);
  }
  const texts = new Set(sent.map((message) => message.text));
  expect(
    received.filter((prompt) => !texts.has(prompt)),
    "prompts that are not one whole message (glued or cut)",
  ).toEqual([]);
}
