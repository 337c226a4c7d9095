import type { Favourite } from "@dealer/shared/contract";
import type { ResultCard } from "./result-card";

/** Favourites (the spec's stored Favourite records) and the compare list (car ids), kept on the device. */
const STORAGE_KEYS = { favourite: "favourites", compare: "compareCars" } as const;
export type SavedKind = keyof typeof STORAGE_KEYS;

function read(kind: SavedKind): unknown[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS[kind]) ?? "[]");
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

const idOf = (entry: unknown): number | null =>
  typeof entry === "number" ? entry : typeof entry === "object" && entry !== null && typeof (entry as Favourite).id === "number" ? (entry as Favourite).id : null;

export function savedIds(kind: SavedKind): number[] {
  return read(kind).flatMap((entry) => idOf(entry) ?? []);
}

/** Adds or removes a card; returns the ids now saved. Storage that is full or off leaves the list as it was. */
export function toggleSaved(kind: SavedKind, card: ResultCard): number[] {
  const entries = read(kind);
  const present = entries.some((entry) => idOf(entry) === card.id);
  const next = present
    ? entries.filter((entry) => idOf(entry) !== card.id)
    : [...entries, kind === "favourite" ? ({ id: card.id, ...card.saved } satisfies Favourite) : card.id];
  try {
    localStorage.setItem(STORAGE_KEYS[kind], JSON.stringify(next));
  } catch {
    return savedIds(kind);
  }
  return next.flatMap((entry) => idOf(entry) ?? []);
}
