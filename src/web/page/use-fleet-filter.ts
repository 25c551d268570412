import { useEffect, useState } from "preact/hooks";
import { fleetFilterQuery, NO_FILTER, parseFleetFilter, type FleetFilter } from "./fleet-filter.js";
import { parseRoute, splitFragment } from "./fragment.js";

/** The fleet filter in the fragment's query, or null when the address bar shows another page. */
function filterInAddress(): FleetFilter | null {
  const route = splitFragment(location.hash).route;
  if (parseRoute(route).page !== "fleet") return null;
  const at = route.indexOf("?");
  return at < 0 ? NO_FILTER : parseFleetFilter(route.slice(at + 1));
}

/**
 * The fleet page's filter, kept in the address bar (`#/?q=…`) so the view can be bookmarked and the
 * back button returns to it. Changes replace the history entry (typing is not a trail of entries);
 * while another page is shown the last fleet filter stays (the tab's title still follows it).
 */
export function useFleetFilter(): [FleetFilter, (filter: FleetFilter) => void] {
  const [filter, setFilter] = useState<FleetFilter>(() => filterInAddress() ?? NO_FILTER);
  useEffect(() => {
    const follow = (): void => {
      const read = filterInAddress();
      if (read !== null) setFilter(read);
    };
    addEventListener("hashchange", follow);
    return () => removeEventListener("hashchange", follow);
  }, []);
  const change = (next: FleetFilter): void => {
    const query = fleetFilterQuery(next);
    const route = `/${query === "" ? "" : `?${query}`}`;
    // From another page (the header's project filter) the change opens the fleet, as a new entry.
    if (filterInAddress() === null) location.hash = route;
    else history.replaceState(history.state, "", `${location.pathname}${location.search}#${route}`);
    setFilter(next);
  };
  return [filter, change];
}
