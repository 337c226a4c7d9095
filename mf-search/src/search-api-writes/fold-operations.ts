import type { Car, FieldErrors } from "@dealer/shared/contract";
import type { BatchOperation } from "../search-api";

export interface FoldedBatch {
  /**
   * Records to upsert in batch order, not yet validated, each with the objectID it was written under and
   * the errors found so far (an objectID that is not the record's car id).
   */
  upserts: { objectID: string; record: Record<string, unknown>; errors: FieldErrors }[];
  /** Stock numbers of stored cars the batch removes. */
  deletes: string[];
}

const withoutObjectID = ({ objectID: _objectID, ...attributes }: BatchOperation["body"]) => attributes;

/**
 * Algolia's batch semantics over the stored cars (keyed by objectID = car id), in order: the last
 * operation on an objectID wins and a partial update merges its attributes onto the record as it stands
 * at that point. Search-only attributes in the records are left for carSchema to drop.
 */
export function foldOperations(operations: BatchOperation[], stored: ReadonlyMap<string, Car>): FoldedBatch {
  /** objectID -> the record after the operations so far; null = deleted. */
  const state = new Map<string, Record<string, unknown> | null>();
  const current = (objectID: string) => (state.has(objectID) ? state.get(objectID)! : (stored.get(objectID) ?? null));

  for (const { action, body } of operations) {
    if (action === "clear") {
      for (const objectID of [...stored.keys(), ...state.keys()]) state.set(objectID, null);
      continue;
    }
    const objectID = body.objectID!;
    if (action === "addObject" || action === "updateObject") state.set(objectID, withoutObjectID(body));
    else if (action === "deleteObject" || action === "delete") state.set(objectID, null);
    else {
      const base = current(objectID);
      if (base === null && action === "partialUpdateObjectNoCreate") continue;
      state.set(objectID, { ...base, ...withoutObjectID(body) });
    }
  }

  const folded: FoldedBatch = { upserts: [], deletes: [] };
  for (const [objectID, record] of state) {
    if (record === null) {
      const car = stored.get(objectID);
      if (car) folded.deletes.push(car.stocknum);
      continue;
    }
    // A record without an id takes it from its objectID; one with another id is refused.
    const withId = record.id === undefined && /^\d+$/.test(objectID) ? { ...record, id: Number(objectID) } : record;
    const mismatch = withId.id !== undefined && String(withId.id) !== objectID;
    folded.upserts.push({ objectID, record: withId, errors: mismatch ? { objectID: [`objectID must be the car id (${JSON.stringify(withId.id)}).`] } : {} });
  }
  return folded;
}
