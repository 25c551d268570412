import type { Liveness, RuntimeHandle } from "../../../core/plugin-api.js";
import { engineComplaint, type Engine } from "./engine.js";

/** What one `ps` line says about a container, before its pane is asked. */
type Listed = { kind: "running" } | { kind: "exited"; exitCode: number } | { kind: "other" };

export interface ContainerProbes {
  engineOf(handle: RuntimeHandle): Engine;
  container(handle: RuntimeHandle): string;
  /** The label filter every session container of this AO_HOME carries (`label=ao.home=<tag>`). */
  homeFilter: string;
  /**
   * The single-session probe: the pane through one exec (and `inspect` only when no tmux answers,
   * a container stopping meanwhile), for running containers and those `ps` cannot summarise.
   */
  single(handle: RuntimeHandle): Promise<Liveness>;
}

/**
 * `livenessMany` for containers: one `<engine> ps -a` by AO_HOME's label answers which containers
 * exist and which stopped (with their exit code); only a running container is asked about its
 * pane, one exec each. So a status cycle costs 1 + the running sessions' calls, and stopped or
 * removed sessions cost nothing more. `.Status` is parsed (`Up …`, `Exited (N) …`) because
 * podman 4 prints that text for `.State` too, and Docker's `ps` has no exit-code field.
 */
export async function livenessOfContainers(
  handles: readonly RuntimeHandle[],
  probes: ContainerProbes,
): Promise<Liveness[]> {
  const lists = new Map<string, Promise<Map<string, Listed> | Liveness>>();
  return Promise.all(
    handles.map(async (handle) => {
      const engine = probes.engineOf(handle);
      let listed = lists.get(engine.name);
      if (listed === undefined) {
        listed = listContainers(engine, probes.homeFilter);
        lists.set(engine.name, listed);
      }
      const known = await listed;
      if (!(known instanceof Map)) return known;
      const found = known.get(probes.container(handle));
      if (found === undefined) return { state: "missing" } as const;
      if (found.kind === "exited") return { state: "exited", exitCode: found.exitCode } as const;
      return probes.single(handle);
    }),
  );
}

async function listContainers(engine: Engine, homeFilter: string): Promise<Map<string, Listed> | Liveness> {
  const format = "{{.Names}}\t{{.Status}}";
  const result = await engine.run(["ps", "-a", "--no-trunc", "--filter", homeFilter, "--format", format]);
  if (result.failed)
    return { state: "unknown", reason: `${engine.name} ps failed: ${engineComplaint(result)}` };
  const containers = new Map<string, Listed>();
  for (const line of result.stdout.split("\n")) {
    const [name = "", status = ""] = line.trim().split("\t");
    if (name !== "") containers.set(name, listedStatus(status));
  }
  return containers;
}

function listedStatus(status: string): Listed {
  if (/^Up\b/.test(status) && !/\(Paused\)/i.test(status)) return { kind: "running" };
  const exited = /^Exited \((-?\d+)\)/.exec(status);
  return exited ? { kind: "exited", exitCode: Number(exited[1]) } : { kind: "other" };
}
