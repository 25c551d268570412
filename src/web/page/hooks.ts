import { useEffect, useState } from "preact/hooks";
import { parseRoute, splitFragment, type Route } from "./fragment.js";
import type { LiveData, LiveState } from "./live-data.js";

/** The live state, re-rendering the component whenever the stream pushes. */
export function useLive(live: LiveData): LiveState {
  const [state, setState] = useState(live.current());
  useEffect(() => live.onState(setState), [live]);
  return state;
}

/** The hash route, following the address bar (back and forward included). */
export function useRoute(): Route {
  const read = (): Route => parseRoute(splitFragment(location.hash).route);
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const follow = (): void => setRoute(read());
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  return route;
}

/** A clock for "data age" labels: re-renders every few seconds, nothing is fetched. */
export function useNow(everyMs = 5_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
