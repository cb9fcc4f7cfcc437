import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf, ResultOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { FILE_TYPES } from "#shared/file-types.ts";
import type { Sort } from "#shared/rules/sort-cycle.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { documentChunks, documents } from "../../src/server/db/schema.ts";
import { searchPassages } from "../../src/server/documents/hybrid-search.ts";
import {
  recomputeEmbeddings,
  recordSearchTerms,
} from "../../src/server/ingest/chunk-embeddings.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import { createFolder } from "../support/dossier-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";

/**
 * documents.search and documents.list (decision 031) on a corpus built here
 * with known answers: recall@10 for exact words, a misspelling, a phrase and
 * (through a loopback embedding server) a paraphrase; filters and sorts
 * against a brute-force reference over random data; and nothing reachable
 * without a grant.
 */

const CORPUS = 220;
const DIMS = 256;
const EMBEDDING_MODEL = "fake-embed";

/** A pseudo-word no dictionary stems oddly: letters only, unique per n. */
function word(n: number, salt: number): string {
  const consonants = "bdfgklmnprstvz";
  const vowels = "aeiou";
  let out = "";
  let x = n * 7919 + salt * 104729 + 12345;
  for (let i = 0; i < 4; i++) {
    out += consonants[x % consonants.length]! + vowels[Math.floor(x / 14) % vowels.length]!;
    x = Math.floor(x / 70) + (i + 1) * 31 + n;
  }
  return `${out}x${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`;
}
const ADJECTIVES = [
  "amber",
  "brisk",
  "candid",
  "dormant",
  "eager",
  "feral",
  "gentle",
  "hollow",
  "ivory",
  "jagged",
];
const NOUNS = Array.from({ length: 22 }, (_, i) => `noun${String.fromCharCode(97 + i)}ward`);

/** Doc i: its key word, its adjacent phrase, its concept word (said one way in the text, another in queries). */
const keyWord = (i: number) => word(i, 1);
const phraseOf = (i: number) => `${ADJECTIVES[i % 10]} ${NOUNS[Math.floor(i / 10)]}`;
const conceptText = (i: number) => `kon${word(i, 2)}`;
const conceptQuery = (i: number) => `par${word(i, 2)}`;

function corpusText(i: number): string {
  const other = (i * 37 + 11) % CORPUS;
  // Every document says every adjective and noun somewhere, but only its own pair side by side.
  return [
    `This memorandum concerns ${keyWord(i)} and related matters of the estate.`,
    `The ${phraseOf(i)} was recorded by the clerk; see also ${conceptText(i)}.`,
    `Unrelated: ${NOUNS[Math.floor(other / 10)]} near the ${ADJECTIVES[(i + 3) % 10]} river.`,
    "The parties agree to the schedule and the usual terms of payment.",
  ].join(" ");
}

/** A loopback server speaking OpenAI's embeddings protocol: a concept per document, synonyms alike. */
async function startFakeEmbeddings() {
  const batches: number[] = [];
  const vectorOf = (text: string): number[] => {
    const v = new Array<number>(DIMS).fill(0);
    for (const token of text.toLowerCase().split(/[^a-z0-9]+/)) {
      if (!token) continue;
      const concept = /^(?:kon|par)(.+)$/.exec(token)?.[1];
      const index = concept ? conceptIndex.get(concept) : undefined;
      if (index !== undefined) v[index] = (v[index] ?? 0) + 1;
      else {
        let h = 0;
        for (const ch of token) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
        const at = CORPUS + (h % (DIMS - CORPUS));
        v[at] = (v[at] ?? 0) + 0.05;
      }
    }
    return v;
  };
  const conceptIndex = new Map<string, number>();
  for (let i = 0; i < CORPUS; i++) conceptIndex.set(word(i, 2), i);
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/embeddings")) {
        res.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { input: string | string[]; model: string };
      const inputs = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
      batches.push(inputs.length);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          model: parsed.model,
          data: inputs.map((text, index) => ({
            object: "embedding",
            index,
            embedding: vectorOf(text),
          })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    batches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Row = typeof documents.$inferInsert;

async function insertRows(server: TestServer, rows: Row[], texts: Map<string, string>) {
  const db = server.running.services.database.db;
  for (let start = 0; start < rows.length; start += 200) {
    await db.insert(documents).values(rows.slice(start, start + 200));
  }
  const chunks = rows.flatMap((row) => {
    const text = texts.get(row.id);
    return text
      ? [
          {
            id: newId(),
            organizationId: row.organizationId,
            documentId: row.id,
            ordinal: 0,
            content: text,
          },
        ]
      : [];
  });
  for (let start = 0; start < chunks.length; start += 200) {
    await db.insert(documentChunks).values(chunks.slice(start, start + 200));
  }
  for (const row of rows) {
    if (texts.has(row.id)) await recordSearchTerms(db, row.organizationId, row.id);
  }
}

function documentRow(user: TestUser, overrides: Partial<Row> = {}): Row {
  const id = newId();
  return {
    id,
    organizationId: user.organizationId,
    ownerId: user.userId,
    folderId: null,
    storageId: `test/${id}`,
    name: `Doc ${id.slice(-6)}.txt`,
    fileType: "txt",
    mimeType: "text/plain",
    size: 100,
    processingStatus: "completed",
    ...overrides,
  };
}

const PAGE = { numItems: 50, cursor: null };
type ListPage = ResultOf<typeof api.documents.list>;
type SearchPage = ResultOf<typeof api.documents.search>;

describe.each(DB_KINDS)("dossier search (%s)", (kind) => {
  let server: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeEmbeddings>>;
  let owner: TestUser;
  let colleague: TestUser;
  const corpusIds: string[] = [];

  const search = async (
    args: Omit<ArgsOf<typeof api.documents.search>, "paginationOpts">,
    user = owner,
  ) => callFn(server, api.documents.search, { paginationOpts: PAGE, ...args }, user.token);
  const top10 = async (query: string) =>
    (await search({ query })).page.slice(0, 10).map((hit) => hit.document._id);

  beforeAll(async () => {
    fake = await startFakeEmbeddings();
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      EMBEDDING_MODEL: `compatible:${EMBEDDING_MODEL}`,
    });
    owner = await createTestUser(server);
    colleague = await createTestUser(server, { organizationId: owner.organizationId });
    const rows: Row[] = [];
    const texts = new Map<string, string>();
    for (let i = 0; i < CORPUS; i++) {
      const row = documentRow(owner, { name: `Corpus ${String(i).padStart(3, "0")}.txt` });
      rows.push(row);
      texts.set(row.id, corpusText(i));
      corpusIds.push(row.id);
    }
    await insertRows(server, rows, texts);
    const choice = server.running.services.models.embedding;
    if (!choice) throw new Error("the embedding model should be configured");
    const done = await recomputeEmbeddings({ db: server.running.services.database.db, choice });
    expect(done).toBe(CORPUS);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const sample = Array.from({ length: 20 }, (_, n) => (n * 11 + 3) % CORPUS);

  it("finds exact words, misspellings, phrases and paraphrases in the top 10", async () => {
    const recall = async (queryOf: (i: number) => string) => {
      let found = 0;
      for (const i of sample) if ((await top10(queryOf(i))).includes(corpusIds[i]!)) found++;
      return found / sample.length;
    };
    expect(await recall((i) => keyWord(i))).toBe(1);
    // A letter dropped from the key word: trigram similarity finds the word it was meant to be.
    expect(
      await recall((i) => keyWord(i).slice(0, 3) + keyWord(i).slice(4)),
    ).toBeGreaterThanOrEqual(0.9);
    expect(await recall((i) => `"${phraseOf(i)}"`)).toBe(1);
    // The text says kon…, the query par…: only the embeddings know they mean the same.
    expect(await recall((i) => conceptQuery(i))).toBeGreaterThanOrEqual(0.9);
    // Each request held at most 2,048 passages (SPEC 9).
    expect(Math.max(...fake.batches)).toBeLessThanOrEqual(2048);
  }, 120_000);

  it("ranks by any word, marks the matched words, and says the search was hybrid", async () => {
    const i = sample[0]!;
    const result = await search({ query: `${keyWord(i)} nonexistentword` });
    expect(result.hybrid).toBe(true);
    const hit = result.page[0]!;
    expect(hit.document._id).toBe(corpusIds[i]);
    expect(hit.matchedWords).toContain(keyWord(i));
    const passage = hit.passages[0]!;
    const marked = passage.highlights.map((h) => passage.text.slice(h.start, h.end).toLowerCase());
    expect(marked).toContain(keyWord(i));
    // Prefix queries.
    const prefix = await search({ query: `${keyWord(i).slice(0, 6)}*` });
    expect(prefix.page.map((h) => h.document._id)).toContain(corpusIds[i]);
  }, 60_000);

  it("treats hostile query text as words, never as query syntax", async () => {
    for (const query of [
      "'",
      '"',
      "!!",
      ":*",
      "a & | b",
      "(((",
      "\\",
      "-",
      '"unclosed phrase',
      "*:*",
      "<->",
      '-"x"',
    ]) {
      const result = await search({ query });
      expect(Array.isArray(result.page)).toBe(true);
    }
    expectError(
      await callFnError(
        server,
        api.documents.search,
        { query: " ", paginationOpts: PAGE },
        owner.token,
      ),
      "INVALID_ARGS",
    );
    expectError(
      await callFnError(
        server,
        api.documents.search,
        { query: "x", paginationOpts: { numItems: 5, cursor: "bogus" } },
        owner.token,
      ),
      "INVALID_ARGS",
    );
  });

  it("searchPassages leaves out unprocessed documents when asked (the chat tool's rule)", async () => {
    const row = documentRow(owner, { processingStatus: "processing" });
    await insertRows(server, [row], new Map([[row.id, "The zyqvorlex clause is pending review."]]));
    const passages = (processedOnly: boolean) =>
      searchPassages(server.running.services.database.db, {
        organizationId: owner.organizationId,
        userId: owner.userId,
        query: "zyqvorlex",
        limit: 5,
        processedOnly,
      });
    expect((await passages(false)).map((p) => p.documentId)).toEqual([row.id]);
    expect(await passages(true)).toEqual([]);
  });

  it("searches nothing the caller may not read, and finds it once shared", async () => {
    const i = sample[1]!;
    expect((await search({ query: keyWord(i) }, colleague)).page).toEqual([]);
    expect((await search({ query: conceptQuery(i) }, colleague)).page).toEqual([]);
    const db = server.running.services.database.db;
    const passagesFor = (user: TestUser, documentIds?: string[]) =>
      searchPassages(db, {
        organizationId: user.organizationId,
        userId: user.userId,
        query: keyWord(i),
        documentIds,
        limit: 5,
        embedding: server.running.services.models.embedding,
      });
    expect(await passagesFor(colleague)).toEqual([]);
    expect(await passagesFor(colleague, [corpusIds[i]!])).toEqual([]);
    const own = await passagesFor(owner, [corpusIds[i]!]);
    expect(own[0]).toMatchObject({ documentId: corpusIds[i], page: null });
    expect(own[0]!.text).toContain(keyWord(i));

    await callFn(
      server,
      api.shares.set,
      {
        entityType: "document",
        entityId: corpusIds[i]!,
        grantee: { userId: colleague.userId },
        role: "viewer",
      },
      owner.token,
    );
    expect(
      (await search({ query: keyWord(i) }, colleague)).page.map((h) => h.document._id),
    ).toEqual([corpusIds[i]]);
    expect((await passagesFor(colleague)).map((p) => p.documentId)).toEqual([corpusIds[i]]);
    // Suggestions follow the same access: the shared document's name only.
    const names = await callFn(
      server,
      api.documents.suggest,
      { prefix: "Corpus" },
      colleague.token,
    );
    expect(names).toEqual([{ kind: "document", text: `Corpus ${String(i).padStart(3, "0")}.txt` }]);
  }, 60_000);

  describe("filters and sorts against a brute-force reference", () => {
    let folderId: string;
    let subId: string;
    let reference: DocumentSummary[] = [];
    const TAGS = ["Contract", "Invoice", "Memo", "Letter"];

    beforeAll(async () => {
      const folder = await createFolder(server, owner, "Random");
      const sub = await createFolder(server, owner, "Inner", folder._id);
      folderId = folder._id;
      subId = sub._id;
      let seed = kind === "pglite" ? 7 : 11;
      const rand = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
      const rows: Row[] = [];
      const texts = new Map<string, string>();
      for (let n = 0; n < 140; n++) {
        const tags = TAGS.filter(() => rand() < 0.35);
        const primary = tags.length > 0 && rand() < 0.7 ? pick(tags) : null;
        const row = documentRow(owner, {
          folderId: rand() < 0.25 ? subId : folderId,
          name: `${pick(["alpha", "Beta", "gamma", "Delta", "eps"])} ${Math.floor(rand() * 50)}.${pick(["txt", "pdf"])}`,
          fileType: pick(FILE_TYPES),
          size: Math.floor(rand() * 5) * 1000 + (n % 3),
          tags,
          primaryTagName: primary,
          processingStatus: pick(["completed", "completed", "failed", "pending"] as const),
          createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 400) * 86_400_000),
        });
        rows.push(row);
        texts.set(row.id, `Common clause number ${n} of the random set.`);
      }
      await insertRows(server, rows, texts);
      const all: DocumentSummary[] = [];
      for (const id of [folderId, subId]) {
        let cursor: string | null = null;
        for (;;) {
          const page: ListPage = await callFn(
            server,
            api.documents.list,
            { paginationOpts: { numItems: 200, cursor }, filter: { folderId: id } },
            owner.token,
          );
          all.push(...page.page);
          if (page.isDone) break;
          cursor = page.continueCursor;
        }
      }
      reference = all;
      expect(reference).toHaveLength(140);
    }, 120_000);

    const compare = (sort: Sort) => (a: DocumentSummary, b: DocumentSummary) => {
      const sign = sort.direction === "asc" ? 1 : -1;
      const key = (d: DocumentSummary): string | number =>
        sort.field === "name"
          ? d.name.toLowerCase()
          : sort.field === "fileType"
            ? d.fileType
            : sort.field === "size"
              ? d.size
              : sort.field === "_creationTime"
                ? d._creationTime
                : (d.primaryTagName ?? "").toLowerCase();
      if (sort.field === "primaryTagName") {
        const missing = Number(!a.primaryTagName) - Number(!b.primaryTagName);
        if (missing !== 0) return missing;
      }
      const ka = key(a);
      const kb = key(b);
      const order = ka < kb ? -1 : ka > kb ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
      return sign * order;
    };

    type Filters = NonNullable<ArgsOf<typeof api.documents.search>["filters"]>;
    const matches = (d: DocumentSummary, f: Filters) =>
      (!f.fileTypes || f.fileTypes.includes(d.fileType)) &&
      (!f.processingStatus || d.processingStatus === f.processingStatus) &&
      (!f.tags || f.tags.every((t) => d.tags.includes(t))) &&
      (f.dateRange?.start === undefined || d._creationTime >= f.dateRange.start) &&
      (f.dateRange?.end === undefined || d._creationTime < f.dateRange.end);

    const cases: { filters: Filters; sort: Sort | null }[] = [
      { filters: {}, sort: { field: "name", direction: "asc" } },
      { filters: {}, sort: { field: "name", direction: "desc" } },
      { filters: { tags: ["Contract"] }, sort: { field: "primaryTagName", direction: "asc" } },
      { filters: {}, sort: { field: "primaryTagName", direction: "desc" } },
      { filters: { processingStatus: "completed" }, sort: { field: "size", direction: "desc" } },
      {
        filters: { fileTypes: ["pdf", "txt", "docx", "xlsx"] },
        sort: { field: "fileType", direction: "asc" },
      },
      {
        filters: { dateRange: { start: Date.UTC(2024, 3, 1), end: Date.UTC(2024, 9, 1) } },
        sort: { field: "_creationTime", direction: "asc" },
      },
      { filters: { tags: ["Memo", "Letter"], processingStatus: "failed" }, sort: null },
    ];

    it.each(cases)(
      "lists $filters sorted by $sort page by page like the reference",
      async ({ filters, sort }) => {
        for (const includeSubfolders of [false, true]) {
          const expected = reference
            .filter((d) => (includeSubfolders || d.folderId === folderId) && matches(d, filters))
            .sort(sort ? compare(sort) : compare({ field: "_creationTime", direction: "desc" }));
          const got: string[] = [];
          let cursor: string | null = null;
          for (let guard = 0; guard < 100; guard++) {
            const page: ListPage = await callFn(
              server,
              api.documents.list,
              {
                paginationOpts: { numItems: 7, cursor },
                filter: { folderId },
                filters: { ...filters, includeSubfolders },
                sort,
              },
              owner.token,
            );
            got.push(...page.page.map((d) => d._id));
            if (page.isDone) break;
            cursor = page.continueCursor;
          }
          expect(got).toEqual(expected.map((d) => d._id));
        }
      },
      60_000,
    );

    it.each(cases)(
      "searches with $filters sorted by $sort like the reference",
      async ({ filters, sort }) => {
        const expected = reference
          .filter((d) => matches(d, filters))
          .filter((d) => (filters.processingStatus ? true : d.processingStatus === "completed"));
        const got: DocumentSummary[] = [];
        let cursor: string | null = null;
        for (let guard = 0; guard < 50; guard++) {
          const page: SearchPage = await callFn(
            server,
            api.documents.search,
            {
              query: "common clause",
              filters: { ...filters, folderId },
              sort,
              paginationOpts: { numItems: 9, cursor },
            },
            owner.token,
          );
          got.push(...page.page.map((h) => h.document));
          if (page.isDone) break;
          cursor = page.continueCursor;
        }
        expect(got.map((d) => d._id).sort()).toEqual(expected.map((d) => d._id).sort());
        if (sort)
          expect(got.map((d) => d._id)).toEqual(
            [...expected].sort(compare(sort)).map((d) => d._id),
          );
        // Not in the folder asked for: the subfolder alone.
        const inSub = await search({
          query: "common clause",
          filters: { ...filters, folderId: subId },
        });
        expect(inSub.page.every((h) => h.document.folderId === subId)).toBe(true);
      },
      60_000,
    );

    it("sets tags with a primary tag, lists them, and filters by them", async () => {
      const target = reference[0]!;
      const updated = await callFn(
        server,
        api.documents.setTags,
        { documentId: target._id, tags: ["zeta", "Zeta", " Omega "], primaryTagName: "Kappa" },
        owner.token,
      );
      expect(updated.tags).toEqual(["Kappa", "zeta", "Omega"]);
      expect(updated.primaryTagName).toBe("Kappa");
      const tags = await callFn(server, api.documents.listTags, {}, owner.token);
      expect(tags.map((t) => t.name)).toEqual(expect.arrayContaining(["Kappa", "zeta", "Omega"]));
      expect(await callFn(server, api.documents.listTags, {}, colleague.token)).not.toEqual(
        expect.arrayContaining([expect.objectContaining({ name: "Kappa" })]),
      );
      const listed = await callFn(
        server,
        api.documents.list,
        {
          paginationOpts: PAGE,
          filter: { folderId: target.folderId },
          filters: { tags: ["Kappa"] },
        },
        owner.token,
      );
      expect(listed.page.map((d) => d._id)).toEqual([target._id]);
      expectError(
        await callFnError(
          server,
          api.documents.setTags,
          { documentId: target._id, tags: ["x"], primaryTagName: null },
          colleague.token,
        ),
        "NOT_FOUND",
      );
      const suggestions = await callFn(
        server,
        api.documents.suggest,
        { prefix: "kap" },
        owner.token,
      );
      expect(suggestions).toContainEqual({ kind: "tag", text: "Kappa" });
    });
  });
});
