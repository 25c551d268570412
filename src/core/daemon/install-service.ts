import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { AoContext } from "../context.js";
import { AoError } from "../errors.js";
import { serviceUnit, type ServiceSpec, type ServiceUnit } from "./service-unit.js";

export interface InstalledService extends ServiceUnit {
  /** "written": new or replaced (--force); "unchanged": the same unit was there already. */
  readonly outcome: "written" | "unchanged";
}

/**
 * `ao start --install-service`: writes the user service that runs `ao start --foreground` for this
 * AO_HOME at login. The same unit already there is left as it is; a different one is refused
 * unless `force`, so a hand-edited unit is never lost by accident. ao never runs systemctl or
 * launchctl: it prints the commands.
 */
export function installService(
  ctx: Pick<AoContext, "env">,
  spec: Omit<ServiceSpec, "env">,
  force: boolean,
): InstalledService {
  const unit = serviceUnit({ ...spec, env: ctx.env });
  if (existsSync(unit.file)) {
    const current = readFileSync(unit.file, "utf8");
    if (current === unit.text) return { ...unit, outcome: "unchanged" };
    if (!force)
      throw new AoError("E_EXISTS", `${unit.file} exists and differs from the unit ao would write`, {
        hint: "compare it with ao start --install-service --force --json's text, or pass --force to replace it",
        details: { file: unit.file },
      });
  }
  mkdirSync(dirname(unit.file), { recursive: true });
  const partial = `${unit.file}.tmp-${process.pid}`;
  writeFileSync(partial, unit.text, { mode: 0o644 });
  renameSync(partial, unit.file);
  return { ...unit, outcome: "written" };
}
