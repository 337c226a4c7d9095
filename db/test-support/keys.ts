/** Hashed demo keys for unit tests, stored as the seed stores them (ADR 0043). */
export { hashedKeySql } from "../keys/hashed-key-sql";
