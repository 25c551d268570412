// Types of changelog.mjs, for the tests that import it.
export type FragmentType = "added" | "changed" | "removed" | "fixed" | "security";

export interface Fragment {
  type?: FragmentType;
  issue?: string;
  body?: string;
  /** Set instead of the fields when the fragment is malformed. */
  problems?: string[];
}

export const TYPES: FragmentType[];
export function parseFragment(name: string, text: string): Fragment;
export function readFragments(dir?: string): (Fragment & { name: string })[];
export function renderRelease(heading: string, fragments: Fragment[]): string;
export function release(root: string, version: string, date: string): number;
