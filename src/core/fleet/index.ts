/**
 * The fleet as a person sees it (docs/dashboard.md): zones, why each session is in its zone, the
 * worst state, how old the data is. Pure: the callers read the store, this decides.
 */
export { ZONES, byZoneThenNewest, countZones, worstZone, type Zone } from "./zones.js";
export { zoneOf, type ZoneFacts, type ZoneReason } from "./zone-of.js";
export { describeStatus } from "./describe-status.js";
export { describeActivity } from "./describe-activity.js";
export { dataAgeMs, observedAt, type Observer } from "./data-age.js";
export { URGENCIES, byZoneUrgencyThenNewest, urgencyOf, type Urgency, type UrgencyFacts } from "./urgency.js";
