import { SQL, StringChunk, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/**
 * SQL fragments whose constant text is rendered once (decision 037). drizzle renders a statement
 * by walking every chunk of its `sql` templates on every call, testing each against a dozen
 * classes by walking its prototype chain; the access rules (dossier/access.ts) nest a few
 * hundred chunks into every listing (a folder's page took about 170 µs to build, of which the
 * rank, star and owner columns were 60–70 %; drizzle's SQL building was 14.8 % of a server's busy
 * time in the soak).
 *
 * `frozenSql(build)` calls `build` once, with one marker per parameter it declares, renders the
 * result to text, and returns a function that puts the values given on each call where the
 * markers were: a fragment of a few plain text chunks and the values, which drizzle renders as
 * it would have rendered them in the template (a string or number is a parameter, an `sql`
 * expression or a placeholder is itself). The text is exactly the template's, so a statement's
 * text stays the same from call to call (named statements, pg-named.ts and
 * pglite-prepared.ts, key on it).
 *
 * The fragment may not have parameters of its own: a constant goes in its text (`sql.raw`, or a
 * quoted literal), so that the rendering is the same for every call. `build` is called with
 * exactly `build.length` markers (no rest or default parameters).
 */
export function frozenSql<Holes extends SQL[], Result = unknown>(
  build: (...holes: Holes) => SQL<Result>,
): (...values: { [K in keyof Holes]: unknown }) => SQL<Result> {
  const arity = build.length;
  const holes = Array.from({ length: arity }, (_, index) => sql.raw(marker(index)));
  const rendered = dialect.sqlToQuery(build(...(holes as Holes)));
  if (rendered.params.length > 0) {
    throw new Error(
      `A frozen SQL fragment has parameters of its own (${JSON.stringify(rendered.params)}): put constants in its text`,
    );
  }
  // split with a capturing group: text, hole index, text, hole index, …, text
  const parts = rendered.sql.split(MARKER);
  const texts = parts.filter((_, index) => index % 2 === 0).map((text) => new StringChunk(text));
  const slots = parts.filter((_, index) => index % 2 === 1).map(Number);
  for (let index = 0; index < arity; index++) {
    if (!slots.includes(index))
      throw new Error(`A frozen SQL fragment never uses its value ${index}`);
  }
  return (...values) => {
    const chunks: unknown[] = [texts[0]];
    for (let index = 0; index < slots.length; index++) {
      chunks.push(values[slots[index]!], texts[index + 1]);
    }
    return new SQL<Result>(chunks as SQL["queryChunks"]);
  };
}

const dialect = new PgDialect();
// A text no SQL of ours contains; each value must come back in the rendering (checked above).
const marker = (index: number) => `⟦frozen:${index}⟧`;
const MARKER = /⟦frozen:(\d+)⟧/;
