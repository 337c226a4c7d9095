import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { D1Database } from "@cloudflare/workers-types";
import { Miniflare } from "miniflare";

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "../migrations");

/**
 * Statements of a SQL script: comment lines dropped, split where a line ends with ';', except inside a
 * trigger's BEGIN ... END; body, whose own statements end with ';' too.
 */
export function splitSqlStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split("\n")) {
    if (line.trim().startsWith("--")) continue;
    current.push(line);
    if (/^\s*BEGIN\s*$/i.test(line)) inBody = true;
    const ends = /;\s*$/.test(line) && (!inBody || /^\s*END;\s*$/i.test(line));
    if (!ends) continue;
    inBody = false;
    statements.push(current.join("\n").trim().replace(/;$/, ""));
    current = [];
  }
  const rest = current.join("\n").trim();
  return [...statements, ...(rest ? [rest] : [])].filter(Boolean);
}

/**
 * Test databases are real D1 in miniflare, reached by async requests to a runner Worker rather than miniflare's D1
 * proxy: the proxy's prepare() and bind() are synchronous calls, and its sync channel mixes up replies on a loaded
 * machine (an assertion in miniflare's fetch-sync.ts failed seeding hooks, the audit cap's concurrent refusals and the
 * stock API's requests, as 500s, now and then). Statements are built here and run there; errors keep D1's message.
 */
type WireValue = string | number | boolean | null | { undefined: true };
type WireStatement = { sql: string; params: WireValue[] };
type RunnerRequest =
  | { kind: "statement"; statement: WireStatement; method: "first" | "all" | "run" | "raw"; arg?: unknown }
  | { kind: "batch"; statements: WireStatement[] }
  | { kind: "exec"; sql: string }
  | { kind: "script"; statements: string[] };

const RUNNER = `
const toParam = (value) => (value !== null && typeof value === "object" && value.undefined === true ? undefined : value);
const prepare = (env, { sql, params }) => env.DB.prepare(sql).bind(...params.map(toParam));
async function answer(env, request) {
  switch (request.kind) {
    case "statement": return request.arg === undefined ? prepare(env, request.statement)[request.method]() : prepare(env, request.statement)[request.method](request.arg);
    case "batch": return env.DB.batch(request.statements.map((statement) => prepare(env, statement)));
    case "exec": return env.DB.exec(request.sql);
    case "script": return void (await env.DB.batch(request.statements.map((statement) => env.DB.prepare(statement))));
  }
}
export default {
  async fetch(request, env) {
    try {
      return Response.json({ value: (await answer(env, await request.json())) ?? null });
    } catch (error) {
      return Response.json({ error: String(error?.message ?? error) });
    }
  },
};`;

const runners = new WeakMap<object, Miniflare>();

async function ask(mf: Miniflare, request: RunnerRequest): Promise<unknown> {
  const response = await mf.dispatchFetch("http://d1.test/", { method: "POST", body: JSON.stringify(request) });
  const answer = (await response.json()) as { value?: unknown; error?: string };
  if (answer.error !== undefined) throw new Error(answer.error);
  return answer.value;
}

// undefined would become null in JSON; D1 refuses it, so it travels as a marker and is refused there too.
const toWire = (value: unknown): WireValue => (value === undefined ? { undefined: true } : (value as WireValue));

class RemoteStatement {
  constructor(
    private readonly mf: Miniflare,
    readonly wire: WireStatement,
  ) {}
  bind(...params: unknown[]) {
    return new RemoteStatement(this.mf, { sql: this.wire.sql, params: params.map(toWire) });
  }
  first(column?: string) {
    return ask(this.mf, { kind: "statement", statement: this.wire, method: "first", arg: column });
  }
  all() {
    return ask(this.mf, { kind: "statement", statement: this.wire, method: "all" });
  }
  run() {
    return ask(this.mf, { kind: "statement", statement: this.wire, method: "run" });
  }
  raw(options?: { columnNames?: boolean }) {
    return ask(this.mf, { kind: "statement", statement: this.wire, method: "raw", arg: options });
  }
}

function remoteD1(mf: Miniflare): D1Database {
  const db = {
    prepare: (sql: string) => new RemoteStatement(mf, { sql, params: [] }),
    batch: (statements: RemoteStatement[]) => ask(mf, { kind: "batch", statements: statements.map((statement) => statement.wire) }),
    exec: (sql: string) => ask(mf, { kind: "exec", sql }),
  };
  runners.set(db, mf);
  return db as unknown as D1Database;
}

export async function runSqlScript(db: D1Database, sql: string): Promise<void> {
  const statements = splitSqlStatements(sql);
  if (!statements.length) return;
  const runner = runners.get(db);
  if (!runner) throw new Error("runSqlScript runs on a database from createTestD1");
  await ask(runner, { kind: "script", statements });
}

/** The migrations' SQL in order; with `before`, only those whose file name sorts before it (a migration's own test). */
export function migrationsSql(before?: string): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith(".sql") && (before === undefined || name < before))
    .sort()
    .map((name) => readFileSync(join(MIGRATIONS_DIR, name), "utf8"));
}

export const migrationSql = (name: string) => readFileSync(join(MIGRATIONS_DIR, name), "utf8");

/** A real (in-memory) local D1 from miniflare with every migration (or those before `before`) applied; dispose() when done. */
export async function createTestD1(before?: string): Promise<{ db: D1Database; dispose: () => Promise<void> }> {
  const mf = new Miniflare({ modules: true, script: RUNNER, d1Databases: ["DB"] });
  const db = remoteD1(mf);
  for (const sql of migrationsSql(before)) await runSqlScript(db, sql);
  return { db, dispose: () => mf.dispose() };
}
