import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { decodeTableCells } from "#shared/rules/table-cells.ts";
import type { Table, TableCell } from "#shared/schemas/review-table.ts";
import {
  auditLog,
  documentChunks,
  documents,
  reviewTableCells,
  reviewTables,
} from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { claimCells, writeResults } from "../../src/server/tables/cell-claims.ts";
import { addRows } from "../../src/server/tables/table-writes.ts";
import { callFn, callFnError } from "../support/call-fn.ts";
import { createFolder } from "../support/dossier-fixtures.ts";
import { type ModelServer, startModelServer } from "../support/model-server.ts";
import {
  createTestUser,
  DB_KINDS,
  rawRequest,
  type TestServer,
  type TestUser,
} from "../support/server.ts";
import { cellKey, installTableModel, type TableModel } from "../support/table-model.ts";

/**
 * Review tables on PGlite and PostgreSQL (decision 027): who may call each
 * tables.* function; filling 200 documents x 5 questions through the loopback
 * model, one provider error retried; new rows and columns fill only what is
 * new; a changed question re-runs only its column; hand corrections stay;
 * CSV and XLSX exports read back.
 */

type OpenTable = Omit<Table, "cells"> & { cells: TableCell[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DB_KINDS)("review tables (%s)", (kind) => {
  let stack: ModelServer;
  let server: TestServer;
  let model: TableModel;

  beforeAll(async () => {
    stack = await startModelServer(kind, {
      models: "table-model",
      env: { TABLE_FILL_CONCURRENCY: "8" },
    });
    server = stack.server;
    model = installTableModel(stack.model);
  }, 120_000);
  afterAll(() => stack?.close());

  const db = () => server.running.services.database.db;

  /** Processed documents with one passage each, inserted directly (cheap). */
  async function insertDocs(
    user: TestUser,
    count: number,
    options: { prefix?: string; folderId?: string | null } = {},
  ): Promise<Array<{ id: string; name: string; chunkId: string }>> {
    const prefix = options.prefix ?? `Contract ${newId().slice(-6)}`;
    const docs = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      name: `${prefix} ${String(i + 1).padStart(3, "0")}.txt`,
      chunkId: newId(),
    }));
    for (let i = 0; i < docs.length; i += 200) {
      const slice = docs.slice(i, i + 200);
      await db()
        .insert(documents)
        .values(
          slice.map((d) => ({
            id: d.id,
            organizationId: user.organizationId,
            folderId: options.folderId ?? null,
            ownerId: user.userId,
            storageId: `test/${d.id}`,
            name: d.name,
            fileType: "txt",
            mimeType: "text/plain",
            size: 100,
            processingStatus: "completed" as const,
          })),
        );
      await db()
        .insert(documentChunks)
        .values(
          slice.map((d) => ({
            id: d.chunkId,
            organizationId: user.organizationId,
            documentId: d.id,
            ordinal: 0,
            content: `This agreement ${d.name} is governed by the law of France. The fee is 1,250 EUR. It was signed on 3 March 2024 and renews automatically.`,
          })),
        );
    }
    return docs;
  }

  const cellOf = (table: OpenTable, rowId: string, columnId: string) =>
    table.cells.find((c) => c.rowId === rowId && c.columnId === columnId);

  /** tables.get with its per-column cells decoded to one list. */
  const get = async (user: TestUser, tableId: string): Promise<OpenTable> => {
    const table = await callFn(server, api.tables.get, { tableId }, user.token);
    return { ...table, cells: decodeTableCells(table.cells) };
  };

  async function waitFilled(
    user: TestUser,
    tableId: string,
    timeoutMs = 240_000,
  ): Promise<OpenTable> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const table = await get(user, tableId);
      const p = table.table.progress;
      if (p.pending === 0 && p.total > 0) return table;
      if (Date.now() > deadline) throw new Error(`not filled: ${JSON.stringify(p)}`);
      await sleep(250);
    }
  }

  async function people() {
    const owner = await createTestUser(server, { firstName: "Owner" });
    const orgId = owner.organizationId;
    const editor = await createTestUser(server, { organizationId: orgId, firstName: "Editor" });
    const viewer = await createTestUser(server, { organizationId: orgId, firstName: "Viewer" });
    const member = await createTestUser(server, { organizationId: orgId, firstName: "Member" });
    const outsider = await createTestUser(server);
    return { owner, editor, viewer, member, outsider };
  }

  it("keeps text answers that look like JSON as the same strings (get, getCell, CSV)", async () => {
    const { owner } = await people();
    const texts = ["123", "true", "null", "12e456", '"quoted"', "[1]"];
    const docs = await insertDocs(owner, texts.length);
    const { tableId } = await callFn(server, api.tables.create, { name: "Typed" }, owner.token);
    await callFn(
      server,
      api.tables.addDocuments,
      { tableId, documentIds: docs.map((d) => d.id) },
      owner.token,
    );
    const { columnId } = await callFn(
      server,
      api.tables.addColumn,
      { tableId, question: "What is the reference?", answerType: "text" },
      owner.token,
    );
    await callFn(server, api.tables.cancel, { tableId }, owner.token);
    const rows = (await get(owner, tableId)).rows;
    const byRow = new Map<string, string>();
    for (const [i, text] of texts.entries()) {
      const rowId = rows[i]!._id;
      byRow.set(rowId, text);
      const set = await callFn(
        server,
        api.tables.setCell,
        { tableId, rowId, columnId, answer: text },
        owner.token,
      );
      expect(set).toMatchObject({ answer: text, value: text });
    }
    const table = await get(owner, tableId);
    for (const [rowId, text] of byRow) {
      expect(cellOf(table, rowId, columnId)).toMatchObject({ answer: text, value: text });
      const cell = await callFn(
        server,
        api.tables.getCell,
        { tableId, rowId, columnId },
        owner.token,
      );
      expect(cell).toMatchObject({ answer: text, value: text });
    }
    const csv = await rawRequest(server, `/api/tables/${tableId}/export?format=csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.httpStatus).toBe(200);
    const parsed = Papa.parse<string[]>(csv.text.replace(/^\ufeff/, ""), { skipEmptyLines: true });
    expect(parsed.data.slice(1).map((line) => line[1])).toEqual(texts);
    // A row without a cell in the column (none made yet): the others stay at their rows.
    const [first, ...rest] = [...byRow.keys()];
    await db().delete(reviewTableCells).where(eq(reviewTableCells.rowId, first!));
    const gap = await get(owner, tableId);
    expect(cellOf(gap, first!, columnId)).toBeUndefined();
    for (const rowId of rest)
      expect(cellOf(gap, rowId, columnId)).toMatchObject({ answer: byRow.get(rowId) });
  });

  it("lets the owner do everything, editors change and fill, viewers read and export; others find nothing", async () => {
    const { owner, editor, viewer, member, outsider } = await people();
    const docs = await insertDocs(owner, 2);
    const { tableId } = await callFn(server, api.tables.create, { name: "Leases" }, owner.token);
    await callFn(
      server,
      api.tables.addDocuments,
      { tableId, documentIds: [docs[0]!.id] },
      owner.token,
    );
    const { columnId } = await callFn(
      server,
      api.tables.addColumn,
      { tableId, question: "Does it renew automatically?", answerType: "yesNo" },
      owner.token,
    );
    await callFn(
      server,
      api.tables.share,
      { tableId, grantee: { userId: editor.userId }, role: "editor" },
      owner.token,
    );
    await callFn(
      server,
      api.tables.share,
      { tableId, grantee: { userId: viewer.userId }, role: "viewer" },
      owner.token,
    );
    // The rows' document is the owner's: share it so the others can read the row.
    await callFn(
      server,
      api.shares.set,
      {
        entityType: "document",
        entityId: docs[0]!.id,
        grantee: { organization: true },
        role: "viewer",
      },
      owner.token,
    );
    const filled = await waitFilled(owner, tableId);
    const rowId = filled.rows[0]!._id;

    // Reads.
    for (const [user, role] of [
      [owner, "owner"],
      [editor, "editor"],
      [viewer, "viewer"],
    ] as const) {
      const list = await callFn(server, api.tables.list, {}, user.token);
      expect(list.find((t) => t._id === tableId)?.role).toBe(role);
      expect((await get(user, tableId)).cells).toHaveLength(1);
      await callFn(server, api.tables.getCell, { tableId, rowId, columnId }, user.token);
      const csv = await rawRequest(server, `/api/tables/${tableId}/export?format=csv`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(csv.httpStatus).toBe(200);
    }
    for (const user of [member, outsider]) {
      expect(
        (await callFn(server, api.tables.list, {}, user.token)).some((t) => t._id === tableId),
      ).toBe(false);
      expect((await callFnError(server, api.tables.get, { tableId }, user.token)).code).toBe(
        "NOT_FOUND",
      );
      expect(
        (await callFnError(server, api.tables.getCell, { tableId, rowId, columnId }, user.token))
          .code,
      ).toBe("NOT_FOUND");
      const csv = await rawRequest(server, `/api/tables/${tableId}/export?format=xlsx`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(csv.httpStatus).toBe(404);
    }
    const unauthenticated = await rawRequest(server, `/api/tables/${tableId}/export?format=csv`);
    expect(unauthenticated.httpStatus).toBe(401);

    // Changes an editor may make and a viewer may not; others get "not found".
    const folder = await createFolder(server, editor, "Editor's folder");
    const editorDocs = await insertDocs(editor, 1, { folderId: folder._id });
    const changes: Array<[string, (user: TestUser) => Promise<unknown>]> = [
      ["rename", (u) => call(api.tables.rename, { tableId, name: "Leases 2024" }, u)],
      [
        "addColumn",
        (u) => call(api.tables.addColumn, { tableId, question: "Parties?", answerType: "list" }, u),
      ],
      [
        "updateColumn",
        (u) =>
          call(
            api.tables.updateColumn,
            { tableId, columnId, instructions: "Look at the renewal clause." },
            u,
          ),
      ],
      ["setCell", (u) => call(api.tables.setCell, { tableId, rowId, columnId, answer: "No" }, u)],
      ["fill", (u) => call(api.tables.fill, { tableId }, u)],
      ["cancel", (u) => call(api.tables.cancel, { tableId }, u)],
      [
        "addDocuments",
        (u) => call(api.tables.addDocuments, { tableId, documentIds: [docs[1]!.id] }, u),
      ],
      [
        "addFolder",
        (u) =>
          call(api.tables.addFolder, { tableId, folderId: folder._id, includeSubfolders: true }, u),
      ],
    ];
    for (const [name, change] of changes) {
      for (const user of [viewer]) {
        const error = await change(user).catch((e: { code?: string }) => e);
        expect(error, `${name} by a viewer`).toMatchObject({ code: "FORBIDDEN" });
      }
      for (const user of [member, outsider]) {
        const error = await change(user).catch((e: { code?: string }) => e);
        expect(error, `${name} by ${user === member ? "a member" : "an outsider"}`).toMatchObject({
          code: "NOT_FOUND",
        });
      }
    }
    // The editor: every change works (addFolder by the editor adds their own document;
    // addDocuments of the owner's private document is skipped: the editor cannot read it).
    expect(
      await callFn(server, api.tables.rename, { tableId, name: "Leases 2024" }, editor.token),
    ).toBeNull();
    expect(
      await callFn(
        server,
        api.tables.addDocuments,
        { tableId, documentIds: [docs[1]!.id] },
        editor.token,
      ),
    ).toEqual({ added: 0, skipped: 1 });
    expect(
      await callFn(
        server,
        api.tables.addFolder,
        { tableId, folderId: folder._id, includeSubfolders: false },
        editor.token,
      ),
    ).toEqual({ added: 1, skipped: 0 });
    const corrected = await callFn(
      server,
      api.tables.setCell,
      { tableId, rowId, columnId, answer: "no" },
      editor.token,
    );
    expect(corrected).toMatchObject({ answer: "No", value: false, edited: true });
    await callFn(server, api.tables.fill, { tableId }, editor.token);
    await callFn(server, api.tables.cancel, { tableId }, editor.token);

    // The owner cannot read the editor's document: its row shows without a name or cells.
    const ownerView = await get(owner, tableId);
    const hiddenRow = ownerView.rows.find((r) => r.documentId === editorDocs[0]!.id)!;
    expect(hiddenRow.documentName).toBeNull();
    expect(ownerView.cells.filter((c) => c.rowId === hiddenRow._id)).toEqual([]);
    expect(
      (
        await callFnError(
          server,
          api.tables.getCell,
          { tableId, rowId: hiddenRow._id, columnId },
          owner.token,
        )
      ).code,
    ).toBe("NOT_FOUND");
    const editorView = await get(editor, tableId);
    expect(editorView.rows.find((r) => r._id === hiddenRow._id)?.documentName).toBe(
      editorDocs[0]!.name,
    );

    // Owner-only: shares and removal.
    for (const user of [editor, viewer]) {
      expect((await callFnError(server, api.tables.listShares, { tableId }, user.token)).code).toBe(
        "FORBIDDEN",
      );
      expect(
        (
          await callFnError(
            server,
            api.tables.share,
            { tableId, grantee: { organization: true }, role: "viewer" },
            user.token,
          )
        ).code,
      ).toBe("FORBIDDEN");
      expect(
        (
          await callFnError(
            server,
            api.tables.unshare,
            { tableId, grantee: { userId: viewer.userId } },
            user.token,
          )
        ).code,
      ).toBe("FORBIDDEN");
      expect((await callFnError(server, api.tables.remove, { tableId }, user.token)).code).toBe(
        "FORBIDDEN",
      );
    }
    for (const user of [member, outsider]) {
      expect((await callFnError(server, api.tables.listShares, { tableId }, user.token)).code).toBe(
        "NOT_FOUND",
      );
      expect((await callFnError(server, api.tables.remove, { tableId }, user.token)).code).toBe(
        "NOT_FOUND",
      );
    }
    // Sharing with someone outside the organization is refused.
    const refused = await callFnError(
      server,
      api.tables.share,
      { tableId, grantee: { userId: outsider.userId }, role: "viewer" },
      owner.token,
    );
    expect(refused.code).toBe("INVALID_ARGS");
    const access = await callFn(server, api.tables.listShares, { tableId }, owner.token);
    expect(access.members.map((m) => m.role).sort()).toEqual(["editor", "viewer"]);
    // A share with the whole organization makes the other member a viewer.
    await callFn(
      server,
      api.tables.share,
      { tableId, grantee: { organization: true }, role: "viewer" },
      owner.token,
    );
    expect((await get(member, tableId)).table.role).toBe("viewer");
    await callFn(
      server,
      api.tables.unshare,
      { tableId, grantee: { organization: true } },
      owner.token,
    );
    expect((await callFnError(server, api.tables.get, { tableId }, member.token)).code).toBe(
      "NOT_FOUND",
    );
    // Row and column removal by an editor.
    await callFn(server, api.tables.removeRow, { tableId, rowId: hiddenRow._id }, editor.token);
    const extra = (await get(editor, tableId)).columns.find((c) => c.question === "Parties?");
    if (extra) {
      await callFn(server, api.tables.removeColumn, { tableId, columnId: extra._id }, editor.token);
    }
    await callFn(server, api.tables.remove, { tableId }, owner.token);
    expect((await callFnError(server, api.tables.get, { tableId }, owner.token)).code).toBe(
      "NOT_FOUND",
    );
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, tableId));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(["table.create", "table.share", "table.unshare", "table.remove"]),
    );
  }, 240_000);

  function call<C extends Parameters<typeof callFn>[1]>(
    contract: C,
    args: Parameters<typeof callFn<C>>[2],
    user: TestUser,
  ): Promise<unknown> {
    return callFn(server, contract, args, user.token).catch((error: { code?: string }) => {
      throw { code: error.code };
    });
  }

  it("fills 200 documents x 5 questions once each, retries a provider error, refills only what changes, exports the same answers", async () => {
    const owner = await createTestUser(server);
    const docs = await insertDocs(owner, 200);
    const { tableId } = await callFn(
      server,
      api.tables.create,
      { name: "Big review" },
      owner.token,
    );
    const questions = [
      { question: "What is the governing law?", answerType: "text" as const },
      { question: "Does it renew automatically?", answerType: "yesNo" as const },
      { question: "When was it signed?", answerType: "date" as const },
      { question: "What is the fee?", answerType: "number" as const },
      {
        question: "Which jurisdiction?",
        answerType: "choice" as const,
        options: ["France", "Germany"],
      },
    ];
    for (const q of questions) {
      await callFn(server, api.tables.addColumn, { tableId, ...q }, owner.token);
    }
    model.failOnce(cellKey(docs[7]!.name, questions[1]!.question), 500);
    const before = model.total;
    expect(
      await callFn(
        server,
        api.tables.addDocuments,
        { tableId, documentIds: docs.map((d) => d.id) },
        owner.token,
      ),
    ).toEqual({ added: 200, skipped: 0 });
    const table = await waitFilled(owner, tableId);
    expect(table.table.progress).toMatchObject({ total: 1000, done: 1000, failed: 0, pending: 0 });
    expect(model.total - before).toBe(1001);
    for (const d of docs) {
      for (const q of questions) {
        const expected = d === docs[7] && q === questions[1] ? 2 : 1;
        expect(model.calls.get(cellKey(d.name, q.question))).toBe(expected);
      }
    }
    // Answers normalized per type.
    const byColumn = new Map(table.columns.map((c) => [c.question, c._id]));
    const valuesOf = (question: string) =>
      new Set(
        table.cells
          .filter((c) => c.columnId === byColumn.get(question))
          .map((c) => JSON.stringify([c.answer, c.value])),
      );
    expect(valuesOf("Does it renew automatically?")).toEqual(new Set(['["Yes",true]']));
    expect(valuesOf("When was it signed?")).toEqual(new Set(['["2024-03-03","2024-03-03"]']));
    expect(valuesOf("What is the fee?")).toEqual(new Set(['["1250",1250]']));
    expect(valuesOf("Which jurisdiction?")).toEqual(new Set(['["France","France"]']));
    // Citations: the invented passage dropped, the real quote kept with its chunk.
    const row0 = table.rows.find((r) => r.documentId === docs[0]!.id)!;
    const detail = await callFn(
      server,
      api.tables.getCell,
      { tableId, rowId: row0._id, columnId: byColumn.get("What is the fee?")! },
      owner.token,
    );
    expect(detail.citations).toEqual([
      {
        documentId: docs[0]!.id,
        chunkId: docs[0]!.chunkId,
        quote: `This agreement ${docs[0]!.name.split(" ").slice(0, 2).join(" ")}`,
        page: null,
      },
    ]);
    expect(detail.modelId).toBe("compatible:table-model");
    const retried = await db()
      .select({ attempts: reviewTableCells.attempts })
      .from(reviewTableCells)
      .where(
        sql`${reviewTableCells.rowId} = ${table.rows.find((r) => r.documentId === docs[7]!.id)!._id}
            and ${reviewTableCells.columnId} = ${byColumn.get("Does it renew automatically?")!}`,
      );
    expect(retried[0]?.attempts).toBe(2);

    // A hand correction, then a new row and a new column: only what is new is asked.
    await callFn(
      server,
      api.tables.setCell,
      {
        tableId,
        rowId: row0._id,
        columnId: byColumn.get("What is the governing law?")!,
        answer: '=HYPERLINK("x")',
      },
      owner.token,
    );
    const [newDoc] = await insertDocs(owner, 1, { prefix: "Late addition" });
    let mark = model.total;
    await callFn(
      server,
      api.tables.addDocuments,
      { tableId, documentIds: [newDoc!.id] },
      owner.token,
    );
    await waitFilled(owner, tableId);
    expect(model.total - mark).toBe(5);
    mark = model.total;
    const { columnId: listColumn } = await callFn(
      server,
      api.tables.addColumn,
      { tableId, question: "Who are the parties?", answerType: "list" },
      owner.token,
    );
    await waitFilled(owner, tableId);
    expect(model.total - mark).toBe(201);
    // A changed question: only its column again, and the hand correction stays.
    mark = model.total;
    await callFn(
      server,
      api.tables.updateColumn,
      {
        tableId,
        columnId: byColumn.get("What is the governing law?")!,
        question: "Which law governs it?",
      },
      owner.token,
    );
    const refilled = await waitFilled(owner, tableId);
    expect(model.total - mark).toBe(200);
    const keptCell = refilled.cells.find(
      (c) => c.rowId === row0._id && c.columnId === byColumn.get("What is the governing law?"),
    );
    expect(keptCell).toMatchObject({ answer: '=HYPERLINK("x")', edited: true });
    // Filling again asks nothing: everything is answered.
    expect(await callFn(server, api.tables.fill, { tableId }, owner.token)).toEqual({ queued: 0 });
    expect(refilled.cells.filter((c) => c.columnId === listColumn)[0]).toMatchObject({
      answer: "alpha; beta",
      value: ["alpha", "beta"],
    });

    // Export: the same answers, read back; a formula is escaped.
    const auth = { authorization: `Bearer ${owner.token}` };
    const csv = await rawRequest(server, `/api/tables/${tableId}/export?format=csv`, {
      headers: auth,
    });
    expect(csv.httpStatus).toBe(200);
    expect(csv.headers.get("content-disposition")).toContain("Big review.csv");
    const parsed = Papa.parse<string[]>(csv.text.replace(/^\ufeff/, ""), { skipEmptyLines: true });
    const header = parsed.data[0]!;
    expect(header).toEqual(["Document", ...refilled.columns.map((c) => c.question)]);
    expect(parsed.data).toHaveLength(refilled.rows.length + 1);
    const expectedLine = (rowIndex: number) => {
      const row = refilled.rows[rowIndex]!;
      return [
        row.documentName,
        ...refilled.columns.map((c) => {
          const answer =
            refilled.cells.find((x) => x.rowId === row._id && x.columnId === c._id)?.answer ?? "";
          return /^[=+\-@\t\r]/.test(answer) ? `'${answer}` : answer;
        }),
      ];
    };
    for (let i = 0; i < refilled.rows.length; i++)
      expect(parsed.data[i + 1]).toEqual(expectedLine(i));
    expect(parsed.data[1]![1]).toBe('\'=HYPERLINK("x")');

    const xlsx = await fetch(`${server.url}/api/tables/${tableId}/export?format=xlsx`, {
      headers: auth,
    });
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(refilled.rows.length + 1);
    for (let i = 0; i < refilled.rows.length; i++) {
      const values = (sheet.getRow(i + 2).values as unknown[]).slice(1).map((v) => v ?? "");
      const line = expectedLine(i).map((v) => (v ?? "").replace(/^'(?=[=+\-@])/, ""));
      expect(values.map(String)).toEqual(line);
    }
    // No cell is a formula.
    sheet.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
    const citations = workbook.getWorksheet("Citations")!;
    expect(citations.rowCount).toBeGreaterThan(1000);
  }, 600_000);

  it("claims: two claimers never share a cell; a stale or superseded claim cannot write", async () => {
    const owner = await createTestUser(server);
    const docs = await insertDocs(owner, 4);
    const { tableId } = await callFn(server, api.tables.create, { name: "Claims" }, owner.token);
    await callFn(server, api.tables.cancel, { tableId }, owner.token);
    const { columnId } = await callFn(
      server,
      api.tables.addColumn,
      { tableId, question: "Claim test?", answerType: "text" },
      owner.token,
    );
    // Rows added and their cells cancelled at once, before a worker can take them.
    await db().transaction(async (tx) => {
      const [table] = await tx.select().from(reviewTables).where(eq(reviewTables.id, tableId));
      await addRows(
        tx,
        owner,
        table!,
        docs.map((d) => d.id),
      );
      await tx.execute(
        sql`update review_table_cells set status = 'queued' where table_id = ${tableId}`,
      );
      // Keep the fill jobs of this table from running during the test.
      await tx.execute(
        sql`update jobs set run_at = now() + interval '1 hour' where payload->>'tableId' = ${tableId} and status = 'queued'`,
      );
    });
    const jobA = newId();
    const jobB = newId();
    const a = { tableId, jobId: jobA, token: `${jobA}.a`, leaseMs: 60_000 };
    const b = { tableId, jobId: jobB, token: `${jobB}.b`, leaseMs: 60_000 };
    const [first, second] = await Promise.all([
      claimCells(db(), { ...a, limit: 3 }),
      claimCells(db(), { ...b, limit: 3 }),
    ]);
    const ids = [...first, ...second].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);
    const cellA = first[0]!;
    const done = (cell: typeof cellA) => ({
      cell,
      kind: "done" as const,
      answer: "A",
      value: "A",
      explanation: "",
      citations: [],
      modelId: "m",
    });
    // B cannot write A's cell.
    expect(await writeResults(db(), b.token, [done(cellA)])).toBe(0);
    // A later attempt of job A (another token) takes back what the dead attempt held.
    const again = await claimCells(db(), { ...a, token: `${jobA}.a2`, limit: 10 });
    expect(again.map((c) => c.id).sort()).toEqual(first.map((c) => c.id).sort());
    // The first attempt's answer is refused now; the new one's is stored.
    expect(await writeResults(db(), a.token, [done(cellA)])).toBe(0);
    expect(
      await writeResults(db(), `${jobA}.a2`, [done(again.find((c) => c.id === cellA.id)!)]),
    ).toBe(1);
    // A question changed while being asked: the answer is dropped and the cell queued again.
    const cellB = second[0]!;
    await callFn(
      server,
      api.tables.updateColumn,
      { tableId, columnId, question: "Claim test, reworded?" },
      owner.token,
    );
    expect(await writeResults(db(), b.token, [done(cellB)])).toBe(0);
    const [row] = await db()
      .select({ status: reviewTableCells.status, answer: reviewTableCells.answer })
      .from(reviewTableCells)
      .where(eq(reviewTableCells.id, cellB.id));
    expect(row).toEqual({ status: "queued", answer: null });
  });

  it("demo seed: the member's review table, every cell answered by the demo model, once", async () => {
    await seedDemo(db(), server.running.services.storage);
    const { organizationId } = await seedDemo(db(), server.running.services.storage);
    const tables = await db()
      .select()
      .from(reviewTables)
      .where(eq(reviewTables.organizationId, organizationId));
    expect(tables).toHaveLength(1);
    const cells = await db()
      .select()
      .from(reviewTableCells)
      .where(eq(reviewTableCells.tableId, tables[0]!.id));
    expect(cells).toHaveLength(9);
    expect(cells.every((c) => c.status === "done" && c.modelId === "demo" && c.answer)).toBe(true);
  }, 120_000);

  it("refuses bad input with field messages and changes nothing", async () => {
    const owner = await createTestUser(server);
    const { tableId } = await callFn(server, api.tables.create, { name: "Checks" }, owner.token);
    const choice = await callFnError(
      server,
      api.tables.addColumn,
      { tableId, question: "Which?", answerType: "choice", options: ["Only one"] },
      owner.token,
    );
    expect(choice.code).toBe("INVALID_ARGS");
    const empty = await callFnError(
      server,
      api.tables.addColumn,
      { tableId, question: "   ", answerType: "text" },
      owner.token,
    );
    expect(empty.code).toBe("INVALID_ARGS");
    const table = await get(owner, tableId);
    expect(table.columns).toEqual([]);
    const format = await rawRequest(server, `/api/tables/${tableId}/export?format=pdf`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(format.httpStatus).toBe(400);
  });
});
