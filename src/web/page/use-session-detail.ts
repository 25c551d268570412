import { useEffect, useState } from "preact/hooks";
import type { SessionDetail } from "../api/types.js";
import { describeError, getJson } from "./api.js";
import type { LiveData } from "./live-data.js";

export type DetailState =
  { kind: "loading" } | { kind: "ready"; detail: SessionDetail } | { kind: "failed"; error: string };

/**
 * One session's detail, fetched when the page opens and again when a store event about this
 * session arrives on the stream: at most one request in flight, and events that land meanwhile
 * cost one more fetch, not one each (coalesced).
 */
export function useSessionDetail(id: string, live: LiveData): DetailState {
  const [state, setState] = useState<DetailState>({ kind: "loading" });
  useEffect(() => {
    let inFlight = false;
    let again = false;
    let gone = false;
    const load = async (): Promise<void> => {
      if (inFlight) {
        again = true;
        return;
      }
      inFlight = true;
      try {
        const detail = await getJson<SessionDetail>(`/api/sessions/${encodeURIComponent(id)}`);
        if (!gone) setState({ kind: "ready", detail });
      } catch (error) {
        if (!gone) setState({ kind: "failed", error: describeError(error) });
      } finally {
        inFlight = false;
        if (again && !gone) {
          again = false;
          void load();
        }
      }
    };
    setState({ kind: "loading" });
    void load();
    const stopEvents = live.onEvent((event) => {
      if (event.sessionId === id) void load();
    });
    return () => {
      gone = true;
      stopEvents();
    };
  }, [id, live]);
  return state;
}
