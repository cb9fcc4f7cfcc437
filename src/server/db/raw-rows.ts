/**
 * The rows of a raw `db.execute(sql…)`, from either driver (node-postgres and PGlite both
 * answer `{ rows }`); no rows when the answer has none.
 */
export function rowsOf(result: unknown): unknown[] {
  return typeof result === "object" && result !== null && "rows" in result
    ? (result.rows as unknown[])
    : [];
}
