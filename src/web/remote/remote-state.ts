import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { RemoteListenerInfo } from "./remote-listener.js";
import { readOptionalFile, writePrivateFile } from "./private-file.js";

/**
 * What the running daemon's dashboard serves to other devices (AO_HOME/dashboard-remote.json,
 * 0600, written at mount and removed at close), so that `ao dashboard` can print it and refuse a
 * `--listen` or `--allow-host` the running daemon does not serve, instead of ignoring it.
 */
export interface RemoteState {
  readonly pid: number;
  readonly allowedHosts: readonly string[];
  readonly listener: RemoteListenerInfo | null;
}

export function remoteStateFile(home: string): string {
  return join(home, "dashboard-remote.json");
}

export async function writeRemoteState(home: string, state: RemoteState): Promise<void> {
  await writePrivateFile(remoteStateFile(home), `${JSON.stringify(state, null, 2)}\n`);
}

export async function removeRemoteState(home: string): Promise<void> {
  await rm(remoteStateFile(home), { force: true });
}

/** The running daemon's state, or undefined (none written, or a dead daemon's file). */
export async function readRemoteState(home: string, pid: number): Promise<RemoteState | undefined> {
  const text = await readOptionalFile(remoteStateFile(home));
  if (text === undefined) return undefined;
  const state = JSON.parse(text) as RemoteState;
  return state.pid === pid ? state : undefined;
}

/** The running daemon's `--listen` server, or undefined. */
export async function readRemoteInfo(home: string, pid: number): Promise<RemoteListenerInfo | undefined> {
  return (await readRemoteState(home, pid))?.listener ?? undefined;
}
