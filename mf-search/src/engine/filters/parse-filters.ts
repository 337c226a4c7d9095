import { SearchError } from "../errors";
import type { FilterNode, NumericOperator } from "./filter-ast";

type Lexeme =
  | { type: "(" | ")" | ":"; col: number }
  | { type: "op"; value: NumericOperator; col: number }
  | { type: "word"; value: string; col: number }
  | { type: "string"; value: string; col: number };

const OPERATORS: NumericOperator[] = ["<=", ">=", "!=", "=", "<", ">"];
const WORD_STOP = /[\s():=<>!"']/;

function lex(source: string, context: string): Lexeme[] {
  const out: Lexeme[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    const col = i + 1;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === "(" || ch === ")" || ch === ":") {
      out.push({ type: ch, col });
      i++;
    } else if (ch === '"' || ch === "'") {
      let value = "";
      i++;
      while (i < source.length && source[i] !== ch) {
        if (source[i] === "\\" && i + 1 < source.length) i++;
        value += source[i];
        i++;
      }
      if (i >= source.length) throw new SearchError(`${context}: Unterminated string at col ${col}`);
      i++;
      out.push({ type: "string", value, col });
    } else {
      const operator = OPERATORS.find((op) => source.startsWith(op, i));
      if (operator) {
        out.push({ type: "op", value: operator, col });
        i += operator.length;
        continue;
      }
      if (ch === "!") throw new SearchError(`${context}: Unexpected character '!' at col ${col}`);
      let value = "";
      while (i < source.length && !WORD_STOP.test(source[i]!)) value += source[i++];
      out.push({ type: "word", value, col });
    }
  }
  return out;
}

function describe(lexeme: Lexeme | undefined): string {
  if (!lexeme) return "end of filter";
  if (lexeme.type === "word" || lexeme.type === "string") return `string(${lexeme.value})`;
  if (lexeme.type === "op") return `operator(${lexeme.value})`;
  return `'${lexeme.type}'`;
}

function toNumber(text: string): number | null {
  if (text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Recursive-descent parser for Algolia's filter syntax:
 * `make:Toyota AND (body:SUV OR body:"Cab Chassis") AND NOT certified:false AND price:1000 TO 20000 AND km < 50000`.
 */
class FilterParser {
  private pos = 0;

  constructor(
    private readonly lexemes: Lexeme[],
    private readonly context: string,
  ) {}

  parse(): FilterNode {
    const node = this.parseOr();
    if (this.pos < this.lexemes.length) this.fail("end of filter");
    return node;
  }

  private peek(): Lexeme | undefined {
    return this.lexemes[this.pos];
  }

  private isKeyword(keyword: string): boolean {
    const next = this.peek();
    return next?.type === "word" && next.value === keyword;
  }

  private fail(expected: string): never {
    const next = this.peek();
    const at = next ? ` at col ${next.col}` : "";
    throw new SearchError(`${this.context}: Unexpected token ${describe(next)} expected ${expected}${at}`);
  }

  private parseOr(): FilterNode {
    const children = [this.parseAnd()];
    while (this.isKeyword("OR")) {
      this.pos++;
      children.push(this.parseAnd());
    }
    return children.length === 1 ? children[0]! : { kind: "or", children };
  }

  private parseAnd(): FilterNode {
    const children = [this.parseUnary()];
    while (this.isKeyword("AND")) {
      this.pos++;
      children.push(this.parseUnary());
    }
    return children.length === 1 ? children[0]! : { kind: "and", children };
  }

  private depth = 0;

  /** Nesting is bounded, so a hostile filter gets a 400 instead of exhausting the stack. */
  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_FILTER_DEPTH) throw new SearchError(`${this.context}: Filter is nested deeper than ${MAX_FILTER_DEPTH} levels`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private parseUnary(): FilterNode {
    if (this.isKeyword("NOT")) {
      this.pos++;
      return { kind: "not", child: this.nested(() => this.parseUnary()) };
    }
    if (this.peek()?.type === "(") {
      this.pos++;
      const inner = this.nested(() => this.parseOr());
      if (this.peek()?.type !== ")") this.fail("')'");
      this.pos++;
      return inner;
    }
    return this.parseCondition();
  }

  private parseText(expected: string): string {
    const next = this.peek();
    if (next?.type !== "word" && next?.type !== "string") this.fail(expected);
    this.pos++;
    return next.value;
  }

  private parseNumber(): number {
    const next = this.peek();
    const value = next?.type === "word" ? toNumber(next.value) : null;
    if (value === null) this.fail("a number");
    this.pos++;
    return value;
  }

  private parseCondition(): FilterNode {
    const attribute = this.parseText("an attribute");
    const next = this.peek();
    if (next?.type === "op") {
      this.pos++;
      return { kind: "numeric", attribute, operator: next.value, value: this.parseNumber() };
    }
    if (next?.type !== ":") this.fail("':' or an operator");
    this.pos++;
    const valueLexeme = this.peek();
    const value = this.parseText("a value");
    if (this.isKeyword("TO")) {
      const low = valueLexeme?.type === "word" ? toNumber(value) : null;
      if (low === null) throw new SearchError(`${this.context}: Range lower bound is not a number at col ${valueLexeme?.col}`);
      this.pos++;
      return { kind: "range", attribute, low, high: this.parseNumber() };
    }
    return { kind: "facet", attribute, value };
  }
}

const MAX_FILTER_DEPTH = 64;

/** Parses an Algolia `filters` string; `context` names the parameter in error messages. */
export function parseFilters(source: string, context = "filters"): FilterNode | null {
  const lexemes = lex(source, context);
  if (lexemes.length === 0) return null;
  return new FilterParser(lexemes, context).parse();
}
