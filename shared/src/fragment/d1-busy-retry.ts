/**
 * Locally every Worker runs in its own `wrangler dev` process over one SQLite file, and a
 * process briefly holding the file makes the others fail with SQLITE_BUSY. Production D1
 * has no such contention; there this wrapper never retries.
 */
const ATTEMPTS = 8;
const WRAPPED = Symbol.for("dealer-platform.d1-busy-retry");

function isBusy(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as Error)?.cause ?? "")}`;
  return /SQLITE_BUSY|database is locked|internal error; reference/.test(text);
}

async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isBusy(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 15 * attempt));
    }
  }
}

type Statement = { bind(...values: unknown[]): Statement; first(...a: unknown[]): Promise<unknown>; all(): Promise<unknown>; run(): Promise<unknown>; raw(...a: unknown[]): Promise<unknown> };
type Database = { prepare(sql: string): Statement; batch(statements: Statement[]): Promise<unknown> };

function wrapStatement(statement: Statement): Statement {
  return new Proxy(statement, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "bind") return (...values: unknown[]) => wrapStatement(value.apply(target, values));
      if (["first", "all", "run", "raw"].includes(String(property))) return (...args: unknown[]) => retrying(() => value.apply(target, args));
      return value.bind(target);
    },
  });
}

/** The same database, with each statement and batch retried while the file is busy. */
export function withBusyRetry<D extends object>(db: D): D {
  if ((db as Record<symbol, unknown>)[WRAPPED]) return db;
  const database = db as unknown as Database;
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === WRAPPED) return true;
      if (property === "prepare") return (sql: string) => wrapStatement(database.prepare(sql));
      if (property === "batch") return (statements: Statement[]) => retrying(() => database.batch(statements));
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
