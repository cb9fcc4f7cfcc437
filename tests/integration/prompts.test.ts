import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { insertDocument } from "../support/chat-fixtures.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * prompts.* on PGlite and PostgreSQL: members read their organization's prompts and the
 * global ones; organization admins write their organization's; superadmins also the global
 * ones; another organization's prompt is "not found"; the library is live.
 */

describe.each(DB_KINDS)("prompt library (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      // Models offered through an OpenAI-compatible server (nothing listens: no call is made).
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
      OPENAI_COMPATIBLE_MODELS: "test-model,other-model",
    });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  /** An organization with an admin, a member and a superadmin, and another organization's admin. */
  async function people() {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const orgId = admin.organizationId;
    const member = await createTestUser(server, { organizationId: orgId });
    const superadmin = await createTestUser(server, { organizationId: orgId, isSuperadmin: true });
    const outsider = await createTestUser(server, { role: "OrganizationAdmin" });
    return { admin, member, superadmin, outsider };
  }

  const list = (user: TestUser) => callFn(server, api.prompts.listPrompts, {}, user.token);
  const categories = (user: TestUser) => callFn(server, api.prompts.listCategories, {}, user.token);
  const newCategory = (user: TestUser, name: string, global?: boolean) =>
    callFn(server, api.prompts.createCategory, { name, global }, user.token);
  const titles = async (user: TestUser) => (await list(user)).map((p) => p.title);

  it("lets an organization admin create prompts that members read with their variables", async () => {
    const { admin, member, outsider } = await people();
    const letters = await newCategory(admin, "Letters");
    const created = await callFn(
      server,
      api.prompts.create,
      {
        title: "  Client letter ",
        body: "Dear {{client}},\nabout {{ matter }} for {{client}}.",
        description: "A first letter",
        categoryId: letters._id,
      },
      admin.token,
    );
    expect(created).toMatchObject({
      title: "Client letter",
      description: "A first letter",
      categoryId: letters._id,
      category: "Letters",
      variables: ["client", "matter"],
      isGlobal: false,
      canEdit: true,
      sortOrder: 0,
    });
    const second = await callFn(
      server,
      api.prompts.create,
      { title: "Summary", body: "Summarize this." },
      admin.token,
    );
    expect(second).toMatchObject({
      description: "",
      categoryId: null,
      category: null,
      variables: [],
      sortOrder: 1,
    });

    const seen = await list(member);
    expect(seen.map((p) => p.title)).toEqual(["Client letter", "Summary"]);
    expect(seen.every((p) => !p.canEdit)).toBe(true);
    expect(seen[0]).toMatchObject({ categoryId: letters._id, category: "Letters" });
    expect((await categories(member)).filter((c) => !c.isGlobal)).toEqual([
      { _id: letters._id, name: "Letters", isGlobal: false },
    ]);
    expect(await titles(outsider)).toEqual([]);
    expect((await categories(outsider)).filter((c) => !c.isGlobal)).toEqual([]);
  });

  it("refuses writes to members and hides other organizations' prompts", async () => {
    const { admin, member, outsider } = await people();
    const prompt = await callFn(
      server,
      api.prompts.create,
      { title: "Mine", body: "Text" },
      admin.token,
    );
    expectError(
      await callFnError(server, api.prompts.create, { title: "X", body: "Y" }, member.token),
      "FORBIDDEN",
      "Only organization admins can create prompts.",
    );
    const edit = { promptId: prompt._id, title: "Changed", body: "Text" };
    expectError(await callFnError(server, api.prompts.update, edit, member.token), "FORBIDDEN");
    expectError(
      await callFnError(server, api.prompts.archive, { promptId: prompt._id }, member.token),
      "FORBIDDEN",
    );
    expectError(
      await callFnError(server, api.prompts.update, edit, outsider.token),
      "NOT_FOUND",
      "Prompt was not found.",
    );
    expectError(
      await callFnError(server, api.prompts.archive, { promptId: prompt._id }, outsider.token),
      "NOT_FOUND",
    );
    expectError(
      await callFnError(server, api.prompts.reorder, { promptIds: [prompt._id] }, outsider.token),
      "NOT_FOUND",
    );
    expectError(
      await callFnError(
        server,
        api.prompts.update,
        { ...edit, promptId: "not-an-id" },
        admin.token,
      ),
      "NOT_FOUND",
    );
    expect(await titles(member)).toEqual(["Mine"]);
  });

  it("updates, reorders and archives", async () => {
    const { admin, member, superadmin } = await people();
    const a = await callFn(server, api.prompts.create, { title: "A", body: "a" }, admin.token);
    const b = await callFn(server, api.prompts.create, { title: "B", body: "b" }, admin.token);
    const greetings = await newCategory(admin, "Greetings");
    const updated = await callFn(
      server,
      api.prompts.update,
      { promptId: a._id, title: "A2", body: "Hello {{name}}", categoryId: greetings._id },
      admin.token,
    );
    expect(updated).toMatchObject({ title: "A2", variables: ["name"], category: "Greetings" });
    const cleared = await callFn(
      server,
      api.prompts.update,
      { promptId: a._id, title: "A2", body: "Hello {{name}}", categoryId: "" },
      admin.token,
    );
    expect(cleared).toMatchObject({ categoryId: null, category: null });
    expect(
      await callFn(server, api.prompts.reorder, { promptIds: [b._id, a._id] }, superadmin.token),
    ).toEqual({ count: 2 });
    expect(await titles(member)).toEqual(["B", "A2"]);
    expect(await callFn(server, api.prompts.archive, { promptId: b._id }, admin.token)).toEqual({
      promptId: b._id,
    });
    expect(await titles(member)).toEqual(["A2"]);
    expectError(
      await callFnError(server, api.prompts.archive, { promptId: b._id }, admin.token),
      "NOT_FOUND",
    );
  });

  it("lets only superadmins write global prompts, which every organization reads", async () => {
    const { admin, member, superadmin, outsider } = await people();
    expectError(
      await callFnError(
        server,
        api.prompts.create,
        { title: "G", body: "g", global: true },
        admin.token,
      ),
      "FORBIDDEN",
      "Only superadmins can create global prompts.",
    );
    const title = `Global ${Date.now()}`;
    const global = await callFn(
      server,
      api.prompts.create,
      { title, body: "For {{everyone}}", global: true },
      superadmin.token,
    );
    expect(global).toMatchObject({ isGlobal: true, canEdit: true, variables: ["everyone"] });
    expect(await titles(member)).toContain(title);
    expect(await titles(outsider)).toContain(title);
    const seenByAdmin = (await list(admin)).find((p) => p._id === global._id);
    expect(seenByAdmin?.canEdit).toBe(false);
    const edit = { promptId: global._id, title: "G2", body: "g" };
    expectError(await callFnError(server, api.prompts.update, edit, admin.token), "FORBIDDEN");
    await callFn(server, api.prompts.archive, { promptId: global._id }, superadmin.token);
    expect(await titles(outsider)).not.toContain(title);
  });

  it("creates categories per organization and global ones, refusing duplicates and other organizations'", async () => {
    const { admin, member, superadmin, outsider } = await people();
    const ours = await newCategory(admin, "  Research ");
    expect(ours).toMatchObject({ name: "Research", isGlobal: false });
    expectError(
      await callFnError(server, api.prompts.createCategory, { name: "research" }, admin.token),
      "CONFLICT",
      'A category named "research" already exists.',
    );
    // Another organization may have a category of the same name.
    const theirs = await newCategory(outsider, "Research");
    expectError(
      await callFnError(server, api.prompts.createCategory, { name: "Mine" }, member.token),
      "FORBIDDEN",
      "Only organization admins can create categories.",
    );
    expectError(
      await callFnError(
        server,
        api.prompts.createCategory,
        { name: "Everyone", global: true },
        admin.token,
      ),
      "FORBIDDEN",
      "Only superadmins can create global categories.",
    );
    const globalName = `Global category ${Date.now()}`;
    const global = await newCategory(superadmin, globalName, true);
    expect(global).toMatchObject({ name: globalName, isGlobal: true });
    expectError(
      await callFnError(
        server,
        api.prompts.createCategory,
        { name: globalName.toUpperCase(), global: true },
        superadmin.token,
      ),
      "CONFLICT",
    );
    const blank = await callFnError(server, api.prompts.createCategory, { name: " " }, admin.token);
    expectError(blank, "INVALID_ARGS");
    expect(JSON.stringify(blank)).toContain("Category name is required");

    // Each sees their organization's categories and the global ones.
    const seen = await categories(member);
    expect(seen.map((c) => c._id)).toEqual(expect.arrayContaining([ours._id, global._id]));
    expect(seen.map((c) => c._id)).not.toContain(theirs._id);
    const outsiders = (await categories(outsider)).map((c) => c._id);
    expect(outsiders).toEqual(expect.arrayContaining([theirs._id, global._id]));
    expect(outsiders).not.toContain(ours._id);

    // A prompt takes its organization's category or a global one; another organization's is not found.
    const withGlobal = await callFn(
      server,
      api.prompts.create,
      { title: "G", body: "g", categoryId: global._id },
      admin.token,
    );
    expect(withGlobal).toMatchObject({ categoryId: global._id, category: globalName });
    for (const categoryId of [theirs._id, "not-an-id", "0190f0f0-0000-7000-8000-000000000000"]) {
      expectError(
        await callFnError(
          server,
          api.prompts.create,
          { title: "X", body: "x", categoryId },
          admin.token,
        ),
        "NOT_FOUND",
        "Category was not found.",
      );
    }
    expectError(
      await callFnError(
        server,
        api.prompts.update,
        { promptId: withGlobal._id, title: "G", body: "g", categoryId: theirs._id },
        admin.token,
      ),
      "NOT_FOUND",
      "Category was not found.",
    );
    // A global prompt only takes a global category.
    expectError(
      await callFnError(
        server,
        api.prompts.create,
        { title: "GP", body: "g", global: true, categoryId: ours._id },
        superadmin.token,
      ),
      "INVALID_ARGS",
      "A global prompt can only have a global category.",
    );
    const globalPrompt = await callFn(
      server,
      api.prompts.create,
      { title: "GP", body: "g", global: true, categoryId: global._id },
      superadmin.token,
    );
    expect(globalPrompt).toMatchObject({ isGlobal: true, category: globalName });
    await callFn(server, api.prompts.archive, { promptId: globalPrompt._id }, superadmin.token);
  });

  it("answers validation errors with the field's message", async () => {
    const { admin } = await people();
    const blank = await callFnError(
      server,
      api.prompts.create,
      { title: " ", body: "x" },
      admin.token,
    );
    expectError(blank, "INVALID_ARGS");
    expect(JSON.stringify(blank)).toContain("Title is required");
    const noBody = await callFnError(
      server,
      api.prompts.create,
      { title: "T", body: "  \n" },
      admin.token,
    );
    expectError(noBody, "INVALID_ARGS");
    expect(JSON.stringify(noBody)).toContain("Prompt text is required");
    const long = await callFnError(
      server,
      api.prompts.create,
      { title: "x".repeat(121), body: "b" },
      admin.token,
    );
    expect(JSON.stringify(long)).toContain("Title must be at most 120 characters");
  });

  it("pushes a new prompt and its archiving to another member's open library", async () => {
    const { admin, member } = await people();
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(member.token)).type).toBe("authenticated");
    await subscribeFn(socket, "library", api.prompts.listPrompts, {});
    await subscribeFn(socket, "categories", api.prompts.listCategories, {});

    const pushed = nextValue(socket, "library", api.prompts.listPrompts, (p) => p.length === 1);
    const categoryPushed = nextValue(socket, "categories", api.prompts.listCategories, (c) =>
      c.some((category) => category.name === "Live"),
    );
    const live = await newCategory(admin, "Live");
    await categoryPushed;
    await callFn(
      server,
      api.prompts.create,
      { title: "Fresh", body: "Hi {{who}}", categoryId: live._id },
      admin.token,
    );
    expect((await pushed)[0]).toMatchObject({
      title: "Fresh",
      variables: ["who"],
      category: "Live",
    });

    const archived = nextValue(socket, "library", api.prompts.listPrompts, (p) => p.length === 0);
    const [fresh] = await list(member);
    await callFn(server, api.prompts.archive, { promptId: fresh!._id }, admin.token);
    await archived;
  });

  it("seeds a few demo prompts once, with their variables", async () => {
    const db = server.running.services.database.db;
    const { organizationId } = await seedDemo(db, server.running.services.storage);
    await seedDemo(db, server.running.services.storage);
    const member = await createTestUser(server, { organizationId });
    const library = await list(member);
    expect(library.length).toBe(4);
    expect(library[0]).toMatchObject({
      title: "Summarize a contract",
      variables: ["contract_name", "client"],
      category: "Contracts",
    });
    expect(library.map((p) => p.category)).toEqual([
      "Contracts",
      "Correspondence",
      "Contracts",
      "Productivity",
    ]);
    expect((await categories(member)).filter((c) => !c.isGlobal).map((c) => c.name)).toEqual([
      "Contracts",
      "Correspondence",
      "Productivity",
    ]);
  });

  it("lets superadmins list every organization's prompts, archived ones too, and restore them", async () => {
    const { admin, member, superadmin, outsider } = await people();
    const mine = await callFn(
      server,
      api.prompts.create,
      { title: "Ours", body: "o" },
      admin.token,
    );
    const theirs = await callFn(
      server,
      api.prompts.create,
      { title: "Theirs", body: "t" },
      outsider.token,
    );
    await callFn(server, api.prompts.archive, { promptId: theirs._id }, outsider.token);

    const active = await callFn(
      server,
      api.prompts.listAdmin,
      { showArchived: false },
      superadmin.token,
    );
    expect(active.map((p) => p._id)).toContain(mine._id);
    expect(active.map((p) => p._id)).not.toContain(theirs._id);
    const all = await callFn(
      server,
      api.prompts.listAdmin,
      { showArchived: true },
      superadmin.token,
    );
    const archived = all.find((p) => p._id === theirs._id);
    expect(archived).toMatchObject({ organizationId: outsider.organizationId, canEdit: true });
    expect(archived?.archivedAt).toBeTypeOf("number");
    expect(archived?.organizationName).toMatch(/^Org/);

    for (const user of [admin, member, outsider]) {
      expectError(
        await callFnError(server, api.prompts.listAdmin, { showArchived: true }, user.token),
        "FORBIDDEN",
      );
      expectError(
        await callFnError(
          server,
          api.prompts.setArchived,
          { promptId: theirs._id, archived: false },
          user.token,
        ),
        "FORBIDDEN",
      );
    }
    // A superadmin restores another organization's prompt; that organization sees it again.
    await callFn(
      server,
      api.prompts.setArchived,
      { promptId: theirs._id, archived: false },
      superadmin.token,
    );
    expect(await titles(outsider)).toEqual(["Theirs"]);
    expectError(
      await callFnError(
        server,
        api.prompts.setArchived,
        { promptId: "0190f0f0-0000-7000-8000-000000000000", archived: true },
        superadmin.token,
      ),
      "NOT_FOUND",
    );
  });
  it("keeps a prompt's model and documents, and refuses ones its author may not use", async () => {
    const { admin, member, superadmin, outsider } = await people();
    const [model] = (await callFn(server, api.models.list, {}, admin.token)).models;
    const mine = await insertDocument(server, admin.organizationId, "Engagement letter");
    const theirs = await insertDocument(server, outsider.organizationId, "Other firm's file");
    const created = await callFn(
      server,
      api.prompts.create,
      {
        title: "Review",
        body: "Review the letter.",
        modelId: model!.id,
        documentIds: [mine, mine],
      },
      admin.token,
    );
    expect(created).toMatchObject({ modelId: model!.id, documentIds: [mine] });
    expect((await list(member)).find((p) => p._id === created._id)).toMatchObject({
      modelId: model!.id,
      documentIds: [mine],
    });

    expectError(
      await callFnError(
        server,
        api.prompts.create,
        { title: "Bad model", body: "x", modelId: "no-such-model" },
        admin.token,
      ),
      "INVALID_ARGS",
      "This model is not available.",
    );
    expectError(
      await callFnError(
        server,
        api.prompts.update,
        { promptId: created._id, title: "Review", body: "x", documentIds: [theirs] },
        admin.token,
      ),
      "NOT_FOUND",
    );
    expectError(
      await callFnError(
        server,
        api.prompts.create,
        { title: "Global", body: "x", documentIds: [mine], global: true },
        superadmin.token,
      ),
      "INVALID_ARGS",
      "A global prompt cannot attach documents.",
    );
    expectError(
      await callFnError(
        server,
        api.prompts.create,
        {
          title: "Too many",
          body: "x",
          documentIds: Array.from({ length: 11 }, () => mine),
        },
        admin.token,
      ),
      "INVALID_ARGS",
    );
    // Nothing refused was written; an update without them clears the model and documents.
    const cleared = await callFn(
      server,
      api.prompts.update,
      { promptId: created._id, title: "Review", body: "Review the letter." },
      admin.token,
    );
    expect(cleared).toMatchObject({ modelId: null, documentIds: [] });
  });
});
