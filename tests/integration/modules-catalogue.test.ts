import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { seedDemo } from "../../src/server/seed/demo.ts";
import { callFn } from "../support/call-fn.ts";
import { builtinModule, webhookModule } from "../support/module-fixtures.ts";
import {
  createTestUser,
  DB_KINDS,
  startTestServer,
  type TestServer,
  type TestUser,
  unique,
} from "../support/server.ts";
import { nextValue, subscribeFn } from "../support/sync-fn.ts";
import { TestSocket } from "../support/sync-socket.ts";

/**
 * The module catalogue on PGlite and PostgreSQL: a member sees the active, non-archived
 * modules offered to their organization (all, or limited to theirs), grouped by category with
 * "Other" last; getBySlug answers null for any other; and /modules follows a superadmin's
 * changes live, although module rows carry no organization.
 */
describe.each(DB_KINDS)("module catalogue (%s)", (kind) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, { RUN_WORKER: "false" });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await server.close();
  });

  async function people() {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const member = await createTestUser(server, { organizationId: admin.organizationId });
    const superadmin = await createTestUser(server, { isSuperadmin: true });
    const outsider = await createTestUser(server);
    return { admin, member, superadmin, outsider };
  }

  const slugsOf = async (user: TestUser) =>
    (await callFn(server, api.modules.getModulesWithCategories, {}, user.token)).flatMap((g) =>
      g.modules.map((m) => m.slug),
    );
  const bySlug = (user: TestUser, slug: string) =>
    callFn(server, api.modules.getBySlug, { slug }, user.token);

  it("shows each organization only the active modules offered to it", async () => {
    const { admin, member, superadmin, outsider } = await people();
    const make = async (overrides: Parameters<typeof webhookModule>[0]) =>
      (await callFn(server, api.modules.create, webhookModule(overrides), superadmin.token)).module;
    const forAll = await make({});
    const inactive = await make({ isActive: false });
    const archived = await make({});
    await callFn(server, api.modules.archive, { moduleId: archived._id }, superadmin.token);
    const ours = await make({ organizationIds: [member.organizationId] });
    const theirs = await make({ organizationIds: [outsider.organizationId] });
    const both = await make({ organizationIds: [outsider.organizationId, member.organizationId] });

    for (const user of [member, admin]) {
      const seen = await slugsOf(user);
      expect(seen).toEqual(expect.arrayContaining([forAll.slug, ours.slug, both.slug]));
      for (const hidden of [inactive, archived, theirs]) expect(seen).not.toContain(hidden.slug);
      expect(await bySlug(user, ours.slug)).toMatchObject({ _id: ours._id, kind: "webhook" });
      for (const hidden of [inactive, archived, theirs]) {
        expect(await bySlug(user, hidden.slug)).toBeNull();
      }
    }
    const outsiders = await slugsOf(outsider);
    expect(outsiders).toEqual(expect.arrayContaining([forAll.slug, theirs.slug, both.slug]));
    expect(outsiders).not.toContain(ours.slug);
    expect(await bySlug(outsider, ours.slug)).toBeNull();
    expect(await bySlug(member, "no-such-module")).toBeNull();
    expect(await bySlug(member, "Not a slug!")).toBeNull();
  });

  it("groups modules by category in the categories' order, with Other last", async () => {
    const { member, superadmin } = await people();
    const category = async (name: string) =>
      callFn(server, api.modules.createCategory, { name }, superadmin.token);
    const first = await category(unique("A first"));
    const second = await category(unique("B second"));
    const organizationIds = [member.organizationId];
    const make = (name: string, categoryId?: string) =>
      callFn(
        server,
        api.modules.create,
        builtinModule({ name, categoryId, organizationIds, estimatedTimeMinutes: 3 }),
        superadmin.token,
      );
    await make("Zeta", second._id);
    await make("Alpha", second._id);
    await make("Loose");
    await make("Only", first._id);

    const groups = await callFn(server, api.modules.getModulesWithCategories, {}, member.token);
    // Only this test's modules are limited to this organization: look at those.
    const mine = groups
      .map((g) => ({
        ...g,
        modules: g.modules.filter((m) => ["Zeta", "Alpha", "Loose", "Only"].includes(m.name)),
      }))
      .filter((g) => g.modules.length > 0);
    expect(mine.map((g) => [g.name, g.modules.map((m) => m.name)])).toEqual([
      [first.name, ["Only"]],
      [second.name, ["Alpha", "Zeta"]],
      ["Other", ["Loose"]],
    ]);
    expect(groups.at(-1)).toMatchObject({ categoryId: null, name: "Other" });
    expect(mine[1]!.modules[0]).toMatchObject({
      category: second.name,
      categoryId: second._id,
      kind: "builtin",
      estimatedTimeMinutes: 3,
    });
    // The member's view holds no template.
    expect(JSON.stringify(groups)).not.toContain("Summarize for");
  });

  it("pushes a superadmin's create, edit, limit and archive to a member's open catalogue", async () => {
    const { member, superadmin, outsider } = await people();
    const socket = await TestSocket.open(server.url);
    sockets.push(socket);
    expect((await socket.authenticate(member.token)).type).toBe("authenticated");
    await subscribeFn(socket, "catalogue", api.modules.getModulesWithCategories, {});
    await subscribeFn(socket, "slug", api.modules.getBySlug, { slug: "live-module-x" });
    const find = (groups: Array<{ modules: Array<{ slug: string; name: string }> }>) =>
      groups.flatMap((g) => g.modules).find((m) => m.slug.startsWith("live-"));

    const args = webhookModule({ name: "Live one", slug: `live-${Date.now()}` });
    const created = nextValue(
      socket,
      "catalogue",
      api.modules.getModulesWithCategories,
      (g) => find(g)?.name === "Live one",
    );
    const { module } = await callFn(server, api.modules.create, args, superadmin.token);
    await created;

    const renamed = nextValue(
      socket,
      "catalogue",
      api.modules.getModulesWithCategories,
      (g) => find(g)?.name === "Live two",
    );
    const edit = { ...args, name: "Live two", moduleId: module._id };
    await callFn(server, api.modules.update, edit, superadmin.token);
    await renamed;

    // Limited to another organization: the member loses it (the change names that organization).
    const limited = nextValue(
      socket,
      "catalogue",
      api.modules.getModulesWithCategories,
      (g) => find(g) === undefined,
    );
    await callFn(
      server,
      api.modules.update,
      { ...edit, organizationIds: [outsider.organizationId] },
      superadmin.token,
    );
    await limited;

    const offered = nextValue(
      socket,
      "catalogue",
      api.modules.getModulesWithCategories,
      (g) => find(g) !== undefined,
    );
    await callFn(
      server,
      api.modules.update,
      { ...edit, organizationIds: [outsider.organizationId, member.organizationId] },
      superadmin.token,
    );
    await offered;

    const gone = nextValue(
      socket,
      "catalogue",
      api.modules.getModulesWithCategories,
      (g) => find(g) === undefined,
    );
    await callFn(server, api.modules.archive, { moduleId: module._id }, superadmin.token);
    await gone;

    // A module page open at a slug that comes to exist shows it.
    const appeared = nextValue(socket, "slug", api.modules.getBySlug, (m) => m !== null);
    await callFn(
      server,
      api.modules.create,
      webhookModule({ slug: "live-module-x" }),
      superadmin.token,
    );
    expect(await appeared).toMatchObject({ slug: "live-module-x" });
  });

  it("seeds demo categories and built-in modules once", async () => {
    const db = server.running.services.database.db;
    const { organizationId } = await seedDemo(db, server.running.services.storage);
    await seedDemo(db, server.running.services.storage);
    const member = await createTestUser(server, { organizationId });
    const summary = await bySlug(member, "contract-summary");
    expect(summary).toMatchObject({
      name: "Contract summary",
      kind: "builtin",
      category: "Contracts & compliance",
    });
    expect(summary?.inputs).toEqual([
      expect.objectContaining({
        key: "documents",
        type: "documents",
        required: true,
        maxDocuments: 10,
      }),
      expect.objectContaining({
        key: "focus",
        type: "choice",
        options: ["Risks", "Obligations", "Key dates"],
      }),
      expect.objectContaining({ key: "instructions", type: "longText", required: false }),
    ]);
    const categories = await callFn(server, api.modules.listCategories, {}, member.token);
    const names = categories.map((c) => c.name);
    expect(names.filter((n) => n === "Contracts & compliance" || n === "Research")).toEqual([
      "Contracts & compliance",
      "Research",
    ]);
    const seeded = (await slugsOf(member)).filter((slug) =>
      ["contract-summary", "clause-comparison", "research-memo"].includes(slug),
    );
    expect(seeded.sort()).toEqual(["clause-comparison", "contract-summary", "research-memo"]);
  });
});
