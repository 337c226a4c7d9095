/**
 * Stands in for runtime-core's utils/semver/index.js, a full semver range parser (about 1.5 KB gzip in the shell's
 * runtime) that the runtime uses only to match shared singletons by version. The platform pins every shared module
 * to one exact x.y.z version (shared-singletons.ts), so the runtime only ever asks about "x.y.z", "^x.y.z" and
 * "<=x.y.z". This covers those and the other plain comparators; a range it cannot read is a build mistake and
 * throws. A test compares it with the real satisfy.
 */
type Version = [number, number, number];

const PLAIN_VERSION = /^v?(\d+)\.(\d+)\.(\d+)$/;
const COMPARATOR = /^(\^|~|[<>]=?|=)?v?(\d+)\.(\d+)\.(\d+)$/;

const order = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

function holds(comparator: string, version: Version): boolean {
  if (comparator === "*" || comparator === "x") return true;
  const match = COMPARATOR.exec(comparator);
  if (!match) throw new Error(`[federation] the version range "${comparator}" is not supported on this platform`);
  const bound = match.slice(2).map(Number) as Version;
  const from = order(version, bound);
  switch (match[1]) {
    case "^": {
      // The caret keeps the left-most non-zero part: ^1.2.3 is 1.x, ^0.2.3 is 0.2.x, ^0.0.3 is 0.0.3 only.
      const fixed = bound[0] > 0 ? 1 : bound[1] > 0 ? 2 : 3;
      return from >= 0 && version.slice(0, fixed).every((part, index) => part === bound[index]);
    }
    case "~":
      return from >= 0 && version[0] === bound[0] && version[1] === bound[1];
    case ">":
      return from > 0;
    case ">=":
      return from >= 0;
    case "<":
      return from < 0;
    case "<=":
      return from <= 0;
    default:
      return from === 0;
  }
}

export function satisfy(version: string, range: string): boolean {
  const match = version ? PLAIN_VERSION.exec(version) : null;
  if (!match) return false;
  const parsed = match.slice(1).map(Number) as Version;
  return range.split("||").some((alternative) => alternative.trim().split(/\s+/).filter(Boolean).every((comparator) => holds(comparator, parsed)));
}
