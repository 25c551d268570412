import { useState } from "preact/hooks";

const STORAGE_KEY = "ao.dashboard.collapsed";

function readCollapsed(): Set<string> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return new Set(Array.isArray(saved) ? saved.filter((key): key is string => typeof key === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * Which fleet sections (`zone:done`, `project:app`) the person collapsed, remembered in this
 * browser's localStorage: a person who never looks at "Done" folds it once. Storage that refuses
 * (private windows, quota) only loses the memory, never the toggle.
 */
export function useCollapsed(): [ReadonlySet<string>, (key: string) => void] {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(readCollapsed);
  const toggle = (key: string): void => {
    const next = new Set(collapsed);
    if (!next.delete(key)) next.add(key);
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
    } catch {
      // Not remembered; the page still folds the section.
    }
    setCollapsed(next);
  };
  return [collapsed, toggle];
}
