import { type IndexRecord, type IndexSettings, indexSettingsSchema, SearchError, SearchIndex } from "../engine";
import type { BatchOperation } from "../search-api";

type StoredIndex = { records: Map<string, IndexRecord>; settings: IndexSettings; built: SearchIndex | null };

type Operation = { _operation: string; value: unknown };
const isOperation = (value: unknown): value is Operation =>
  typeof value === "object" && value !== null && typeof (value as { _operation?: unknown })._operation === "string";

function integer(value: unknown, attribute: string): number {
  if (!Number.isInteger(value)) throw new SearchError(`_operation on ${attribute} needs an integer value`);
  return value as number;
}

/**
 * Algolia's partial update of one record: attributes replaced, built-in operations applied. IncrementSet and
 * IncrementFrom are the conditional ones: when their condition fails the whole update is ignored (null).
 */
function partialUpdate(current: IndexRecord | undefined, body: BatchOperation["body"]): IndexRecord | null {
  const next: IndexRecord = { ...current, objectID: body.objectID! };
  for (const [attribute, value] of Object.entries(body)) {
    if (!isOperation(value)) {
      next[attribute] = value;
      continue;
    }
    const have = current?.[attribute];
    const amount = integer(value.value, attribute);
    switch (value._operation) {
      case "IncrementSet":
        if (typeof have === "number" && have >= amount) return null;
        next[attribute] = amount;
        break;
      case "IncrementFrom":
        if ((typeof have === "number" ? have : 0) !== amount || (!current && amount !== 0)) return null;
        next[attribute] = amount + 1;
        break;
      case "Increment":
      case "Decrement":
        next[attribute] = (typeof have === "number" ? have : 0) + (value._operation === "Increment" ? amount : -amount);
        break;
      default:
        throw new SearchError(`_operation ${value._operation} is not supported by the stand-in`);
    }
  }
  return next;
}

/**
 * The stand-in's data: records and settings per index, kept in memory as an Algolia application keeps them. A sort
 * replica answers from its primary's records (the engine sorts by the replica's name). The engine's index over an
 * index's records is built on the first search after a write.
 */
export function createStandInStore() {
  const indices = new Map<string, StoredIndex>();

  const primaryOf = (name: string): string | null => {
    if (indices.has(name)) return name;
    for (const [primary, stored] of indices) if (stored.settings.replicas.includes(name)) return primary;
    return null;
  };

  function writable(name: string): StoredIndex {
    const primary = primaryOf(name);
    if (primary && primary !== name) throw new SearchError(`${name} is a replica: write to its primary ${primary}`);
    let stored = indices.get(name);
    if (!stored) indices.set(name, (stored = { records: new Map(), settings: indexSettingsSchema.parse({}), built: null }));
    return stored;
  }

  return {
    async getIndex(name: string): Promise<SearchIndex> {
      const primary = primaryOf(name);
      if (!primary) throw new SearchError(`Index ${name} does not exist`, 404);
      const stored = indices.get(primary)!;
      stored.built ??= new SearchIndex(primary, [...stored.records.values()], stored.settings);
      return stored.built;
    },

    async getObject(name: string, objectID: string): Promise<IndexRecord | null> {
      const primary = primaryOf(name);
      return (primary && indices.get(primary)!.records.get(objectID)) || null;
    },

    async applyBatch(name: string, operations: BatchOperation[]): Promise<void> {
      const stored = writable(name);
      for (const { action, body } of operations) {
        const objectID = body.objectID!;
        if (action === "clear") stored.records.clear();
        else if (action === "addObject" || action === "updateObject") stored.records.set(objectID, { ...body, objectID });
        else if (action === "deleteObject" || action === "delete") stored.records.delete(objectID);
        else {
          const current = stored.records.get(objectID);
          if (!current && action === "partialUpdateObjectNoCreate") continue;
          const next = partialUpdate(current, body);
          if (next) stored.records.set(objectID, next);
        }
      }
      stored.built = null;
    },

    /** A primary's settings replace its own; a replica's (its ranking) are acknowledged, as its name gives its sort. */
    async saveSettings(name: string, settings: Record<string, unknown>): Promise<void> {
      const primary = primaryOf(name);
      if (primary && primary !== name) return;
      const stored = writable(name);
      stored.settings = indexSettingsSchema.parse(settings);
      stored.built = null;
    },
  };
}
