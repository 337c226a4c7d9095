import { atom } from "jotai";
import type { DriveAwayEstimate } from "../rules/drive-away";

/**
 * The drive-away estimate the car page's panel last showed (issue 34): the finance calculator offers its total as the
 * amount, and the finance enquiry sends it and its parts with the lead. Every slot of a page shares one store.
 */
export const driveAwayEstimateAtom = atom<{ carId: number; estimate: DriveAwayEstimate } | null>(null);
