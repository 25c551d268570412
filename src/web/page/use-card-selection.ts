import { useRef, useState } from "preact/hooks";
import type { FleetFilter } from "./fleet-filter.js";
import { routeHref } from "./fragment.js";
import { moveSelection, type ShortcutAction } from "./keyboard-shortcuts.js";
import { useFleetKeys } from "./use-fleet-keys.js";

/** Moves keyboard focus to a card's link (the browser scrolls it into view and shows the ring). */
function focusCard(id: string): void {
  document.querySelector<HTMLElement>(`article[aria-label="${CSS.escape(id)}"] a.card-id`)?.focus();
}

interface SelectionInput {
  /** The ids of the cards on screen, in reading order: what j/k walk. */
  ids: string[];
  filter: FleetFilter;
  onFilter: (filter: FleetFilter) => void;
  onHelp: () => void;
}

/**
 * The fleet page's keyboard: the selected card (j/k, focus follows so Enter on its link opens it),
 * `/` into the search box (`searchRef`), `?` help, Escape clearing the search. Tabbing to a card
 * selects it too (`onFocusIn` on the cards' container), so j/k go on from where focus is.
 */
export function useCardSelection({ ids, filter, onFilter, onHelp }: SelectionInput) {
  const [selected, setSelected] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const select = (id: string | null): void => {
    setSelected(id);
    if (id !== null) focusCard(id);
  };
  const actions: Record<ShortcutAction, () => void> = {
    search: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    next: () => select(moveSelection(ids, selected, 1)),
    previous: () => select(moveSelection(ids, selected, -1)),
    open: () => {
      if (selected !== null && ids.includes(selected))
        location.hash = routeHref({ page: "session", id: selected });
    },
    help: onHelp,
    escape: () => {
      if (filter.text !== "") onFilter({ ...filter, text: "" });
      setSelected(null);
    },
  };
  useFleetKeys((action) => actions[action]());
  const onFocusIn = (event: FocusEvent): void => {
    const card = (event.target as Element).closest("article[aria-label]");
    if (card !== null) setSelected(card.getAttribute("aria-label"));
  };
  return { selected, select, searchRef, onFocusIn };
}
