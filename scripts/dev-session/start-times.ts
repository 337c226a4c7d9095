import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** npm start writes how long it took (first start on an empty database, later starts); npm run bench prints it. */
const FILE = join(resolve(import.meta.dirname, "../.."), ".state/start-times.json");

export type StartTimes = { first: number[]; later: number[] };

export function readStartTimes(): StartTimes {
  if (!existsSync(FILE)) return { first: [], later: [] };
  return JSON.parse(readFileSync(FILE, "utf8")) as StartTimes;
}

export function recordStartTime(ms: number, first: boolean): void {
  const times = readStartTimes();
  (first ? times.first : times.later).push(ms);
  mkdirSync(dirname(FILE), { recursive: true });
  writeFileSync(FILE, JSON.stringify({ first: times.first.slice(-10), later: times.later.slice(-10) }, null, 2));
}
