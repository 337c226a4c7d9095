import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * schema.org's vocabulary, read offline from the schema-dts package (Google's typings generated from schema.org's
 * own definitions; its version is pinned in package.json): every type with its parents, the properties each
 * declares with their expected types, the subtypes of each type and the members of each enumeration.
 */
type Vocabulary = {
  /** Type name -> the Base interface holding its properties. */
  typeBase: Map<string, string>;
  /** Base interface -> its parent Base interfaces and its own properties (property -> expected type names). */
  bases: Map<string, { parents: string[]; properties: Map<string, string[]> }>;
  /** Type name -> the members of its union: subtypes, enumeration members (quoted) and data types. */
  unions: Map<string, string[]>;
};

function readVocabulary(): Vocabulary {
  const source = readFileSync(createRequire(import.meta.url).resolve("schema-dts/dist/schema.d.ts"), "utf8");
  const vocabulary: Vocabulary = { typeBase: new Map(), bases: new Map(), unions: new Map() };
  for (const match of source.matchAll(/^interface (\w+) extends ([^{]+)\{\n([\s\S]*?)^\}/gm)) {
    const properties = new Map<string, string[]>();
    for (const property of (match[3] ?? "").matchAll(/^ {4}"([^"]+)"\?: SchemaValue<(.+), "[^"]+">;$/gm)) {
      properties.set(property[1]!, property[2]!.split(" | ").filter((name) => name !== "IdReference"));
    }
    const parents = (match[2] ?? "").split(",").map((parent) => parent.trim()).filter((parent) => parent.endsWith("Base"));
    vocabulary.bases.set(match[1]!, { parents, properties });
  }
  // A type's leaf names its @type and the Base it takes its properties from (Role types use Omit<Base, ...>).
  for (const match of source.matchAll(/^export (?:interface \w+Leaf extends (\w+Base)|type \w+Leaf<[^>]*> = Omit<(\w+Base),[^\n]*) (?:& )?\{\n {4}"@type": "([^"]+)";/gm)) {
    vocabulary.typeBase.set(match[3]!, (match[1] ?? match[2])!);
  }
  for (const match of source.matchAll(/^export type (\w+)(?:<[^=]*>)? = (.+);$/gm)) vocabulary.unions.set(match[1]!, match[2]!.split(" | "));
  return vocabulary;
}

const TEXT_TYPES = new Set(["Text", "URL", "Date", "DateTime", "Time", "CssSelectorType", "PronounceableText", "XPathType", "Quantity", "Distance", "Duration", "Energy", "Mass"]);
const NUMBER_TYPES = new Set(["Number", "Integer", "Float"]);

export class SchemaOrgValidator {
  private readonly vocabulary = readVocabulary();

  /** Whether `type` is `expected` or one of its subtypes. */
  private isA(type: string, expected: string, seen = new Set<string>()): boolean {
    if (type === expected) return true;
    if (seen.has(expected)) return false;
    seen.add(expected);
    return (this.vocabulary.unions.get(expected) ?? []).some((member) => /^\w+$/.test(member) && !member.endsWith("Leaf") && this.isA(type, member, seen));
  }

  /** The expected types of a property on a type (its own or inherited), or null when the type has no such property. */
  private rangeOf(type: string, property: string): string[] | null {
    const queue = [this.vocabulary.typeBase.get(type)];
    const seen = new Set<string>();
    while (queue.length) {
      const base = queue.shift();
      if (!base || seen.has(base)) continue;
      seen.add(base);
      const entry = this.vocabulary.bases.get(base);
      const range = entry?.properties.get(property);
      if (range) return range;
      queue.push(...(entry?.parents ?? []));
    }
    return null;
  }

  private acceptsString(range: string[], value: string): boolean {
    return range.some((name) => {
      if (TEXT_TYPES.has(name)) return true;
      if (NUMBER_TYPES.has(name)) return value.trim() !== "" && Number.isFinite(Number(value));
      const members = this.vocabulary.unions.get(name) ?? [];
      // An enumeration takes its members (short or as schema.org URLs); a Thing's union also takes a plain string.
      return members.includes("string") || members.includes(JSON.stringify(value)) || members.includes(JSON.stringify(value.replace(/^https?:\/\/schema\.org\//, "")));
    });
  }

  private checkValue(value: unknown, range: string[], at: string, errors: string[]): void {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) this.checkValue(item, range, `${at}[${index}]`, errors);
      return;
    }
    if (typeof value === "string") {
      if (!this.acceptsString(range, value)) errors.push(`${at}: "${value}" is not a value of ${range.join(" | ")}`);
      else if (range.includes("URL") && value.startsWith("/")) errors.push(`${at}: "${value}" is a relative URL (search engines read structured data apart from the page)`);
      return;
    }
    if (typeof value === "number") {
      if (!range.some((name) => NUMBER_TYPES.has(name))) errors.push(`${at}: the number ${value} is not a value of ${range.join(" | ")}`);
      return;
    }
    if (typeof value === "boolean") {
      if (!range.includes("Boolean")) errors.push(`${at}: ${value} is not a value of ${range.join(" | ")}`);
      return;
    }
    if (value && typeof value === "object") {
      const type = (value as Record<string, unknown>)["@type"];
      if (typeof type === "string" && !range.some((expected) => this.isA(type, expected))) errors.push(`${at}: a ${type} is not a ${range.join(" | ")}`);
      this.checkNode(value as Record<string, unknown>, at, errors);
      return;
    }
    errors.push(`${at}: ${String(value)} is no value`);
  }

  private checkNode(node: Record<string, unknown>, at: string, errors: string[]): void {
    if (Array.isArray(node["@graph"])) {
      for (const [index, item] of node["@graph"].entries()) this.checkNode(item as Record<string, unknown>, `${at}.@graph[${index}]`, errors);
      return;
    }
    const type = node["@type"];
    if (typeof type !== "string") {
      errors.push(`${at}: has no @type`);
      return;
    }
    if (!this.vocabulary.typeBase.has(type)) {
      errors.push(`${at}: ${type} is not a schema.org type`);
      return;
    }
    for (const [property, value] of Object.entries(node)) {
      if (property.startsWith("@")) continue;
      // An Action's input and output constraints ('query-input') name one of its properties (schema.org's Actions).
      const constraint = /^(.+)-(?:input|output)$/.exec(property)?.[1];
      const range = constraint && this.isA(type, "Action") ? this.rangeOf(type, constraint) && ["PropertyValueSpecification", "Text"] : this.rangeOf(type, property);
      if (!range) errors.push(`${at}: ${type} has no property ${property}`);
      else this.checkValue(value, range, `${at}.${property}`, errors);
    }
  }

  /** What is wrong with one JSON-LD block against schema.org: unknown types and properties, values of the wrong type, relative URLs. */
  errors(data: unknown, name = "$"): string[] {
    const errors: string[] = [];
    const top = data as Record<string, unknown>;
    if (!top || typeof top !== "object" || !/^https?:\/\/schema\.org\/?$/.test(String(top["@context"]))) return [`${name}: @context is not schema.org`];
    this.checkNode(top, name, errors);
    return errors;
  }
}

/** The JSON-LD blocks of a page. */
export const jsonLdBlocks = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? "null"));
