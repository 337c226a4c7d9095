import type { z } from "zod";

/** The hex colour every theme colour is written in. */
export const COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const COLOUR_MESSAGE = "Enter a colour such as #1A73E8.";

/** zod's own wordings (not a schema's message): these read as programming terms and are said again in plain words. */
const ZOD_WORDING = /^(Invalid (input|string|option|format|value|element|key|union)|Too (big|small)|Unrecognized key)/;

const PATTERN_MESSAGES: [RegExp, string][] = [
  [/^\^#\[0-9a-fA-F\]\{6\}\$$/, COLOUR_MESSAGE],
  [/https/, "Enter a web address starting with https:// (or a path on this site starting with /)."],
  [/^\^\\\/\[a-z0-9-\]\+\$$/, "Enter a path such as /used-cars: a slash, then lower-case letters, digits and hyphens."],
];

const amount = (value: unknown, inclusive: boolean | undefined, origin: string | undefined, what: "most" | "least") => {
  const limit = Number(value);
  if (origin === "string") return `Use at ${what} ${limit} ${limit === 1 ? "character" : "characters"}.`;
  if (origin === "array" || origin === "set") return `Use at ${what} ${limit} ${limit === 1 ? "entry" : "entries"}.`;
  return `Enter a number ${what === "most" ? (inclusive === false ? "below" : "of at most") : inclusive === false ? "above" : "of at least"} ${limit}.`;
};

/**
 * A schema issue in words a dealer reads (issue 31): "Enter a colour such as #1A73E8", not "must match pattern
 * /^#[0-9a-fA-F]{6}$/". A message the schema itself gives (a limit's, a retired setting's) is kept as written.
 */
export function plainIssueMessage(issue: z.core.$ZodIssue): string {
  if (!ZOD_WORDING.test(issue.message)) return issue.message;
  switch (issue.code) {
    case "invalid_format": {
      const pattern = "pattern" in issue && issue.pattern ? String(issue.pattern).replace(/^\/|\/[a-z]*$/g, "") : "";
      const known = PATTERN_MESSAGES.find(([test]) => test.test(pattern));
      if (known) return known[1];
      if (issue.format === "url") return "Enter a web address starting with https://.";
      if (issue.format === "email") return "Enter an e-mail address such as sales@example.com.au.";
      return "This is not in the form the setting takes: check the example beside it.";
    }
    case "too_big":
      return amount(issue.maximum, issue.inclusive, issue.origin, "most");
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1 ? "Enter a value: this setting cannot be empty." : amount(issue.minimum, issue.inclusive, issue.origin, "least");
    case "invalid_type":
      return issue.expected === "number" ? "Enter a number." : issue.expected === "boolean" ? "Choose yes or no." : issue.expected === "array" ? "Enter a list." : issue.expected === "object" ? "Enter a group of settings." : "Enter text.";
    case "invalid_value":
      return `Choose one of: ${issue.values.map(String).join(", ")}.`;
    case "unrecognized_keys":
      return "Unknown setting.";
    default:
      return "This value is not allowed here.";
  }
}
