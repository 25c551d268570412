import { rmSync } from "node:fs";
import { join } from "node:path";
import { AoError } from "../errors.js";
import type { AoPaths } from "../paths.js";
import {
  insertCommander,
  liveCommanderNamed,
  revokeCommander,
  writeTransaction,
  type Commander,
  type Store,
} from "../store/index.js";
import { mintSecret, sha256Hex, writeSecretFile } from "../credentials/credentials.js";

const NAME = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** Where a commander's token is kept for its `ao mcp` process (AO_COMMANDER_TOKEN_FILE): 0600. */
export function commanderTokenPath(paths: Pick<AoPaths, "home">, name: string): string {
  return join(paths.home, "control", "commanders", `${name}.token`);
}

export interface CreatedCommander {
  readonly commander: Commander;
  /** Shown once: the store keeps only its hash. */
  readonly token: string;
  readonly tokenFile: string;
}

/** A new commander with a fresh token, written to its 0600 file. */
export function createCommander(store: Store, paths: AoPaths, name: string): CreatedCommander {
  if (!NAME.test(name))
    throw new AoError("E_USAGE", `"${name}" is not a commander name`, {
      hint: "use lower-case letters, digits and -, e.g. claude or review-bot",
    });
  const token = mintSecret();
  const commander = writeTransaction(store, (tx) => insertCommander(tx, name, sha256Hex(token)));
  const tokenFile = commanderTokenPath(paths, name);
  writeSecretFile(tokenFile, token);
  return { commander, token, tokenFile };
}

/** `ao mcp revoke <name>`: the token stops working at once, over stdio and HTTP alike. */
export function revokeCommanderNamed(store: Store, paths: AoPaths, name: string): Commander {
  const commander = liveCommanderNamed(store, name);
  if (commander === undefined)
    throw new AoError("E_NOT_FOUND", `no live commander named ${name}`, {
      hint: "`ao mcp tokens` lists them",
      details: { commander: name },
    });
  const revoked = writeTransaction(store, (tx) => revokeCommander(tx, commander));
  rmSync(commanderTokenPath(paths, name), { force: true });
  return revoked;
}
