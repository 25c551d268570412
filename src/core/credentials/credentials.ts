import { createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { AoError } from "../errors.js";
import { commanderByToken, workerBySecret, type Commander, type Store, type Worker } from "../store/index.js";

/** A fresh credential: 32 random bytes, URL-safe. Only its sha256 is ever stored. */
export function mintSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Writes a credential to a file only this user can read (its directory too), replacing any. */
export function writeSecretFile(file: string, secret: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  chmodSync(dirname(file), 0o700);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * The commander a token belongs to. Identity never comes from tool arguments: the token arrives
 * with the connection (the `ao mcp` process's environment, or the HTTP bearer), never in a call.
 */
export function authenticateCommander(store: Store, token: string | undefined): Commander {
  const commander =
    token === undefined || token === "" ? undefined : commanderByToken(store, sha256Hex(token));
  if (commander !== undefined) return commander;
  throw new AoError("E_UNAUTHORIZED", "no commander has this token (missing, mistyped or revoked)", {
    hint: "create one with `ao mcp tokens create <name>` or `ao mcp install --for <cli>`",
  });
}

/** The open worker a secret belongs to; good for that worker alone, and only while it is open. */
export function authenticateWorker(store: Store, secret: string | undefined): Worker {
  const worker = secret === undefined || secret === "" ? undefined : workerBySecret(store, sha256Hex(secret));
  if (worker !== undefined) return worker;
  throw new AoError("E_UNAUTHORIZED", "this worker secret belongs to no open worker", {
    hint: "orch_report works only from a worker session its commander opened and has not closed",
  });
}
