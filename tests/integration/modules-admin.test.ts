import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArgsOf } from "#shared/api/define.ts";
import { api } from "#shared/api/index.ts";
import { auditLog, moduleExecutions, modules } from "../../src/server/db/schema.ts";
import { newId } from "../../src/server/ids.ts";
import { callFn, callFnError, expectError, type FnError } from "../support/call-fn.ts";
import { builtinModule, type ModuleArgs, webhookModule } from "../support/module-fixtures.ts";
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
 * modules.* administration on PGlite and PostgreSQL: only superadmins define modules
 * (members, organization admins and other organizations' members are refused), the form's
 * messages are SPEC's, slugs are unique, a webhook secret is answered once and never shown
 * again, admin writes are audited. The catalogue and its live updates: modules-catalogue.test.ts.
 */

const issuesOf = (error: FnError) =>
  (error.data.issues as Array<{ path: string; message: string }> | undefined) ?? [];

describe.each(DB_KINDS)("module administration (%s)", (kind) => {
  let server: TestServer;
  let modelId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      RUN_WORKER: "false",
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
      OPENAI_COMPATIBLE_MODELS: "module-model",
    });
    const someone = await createTestUser(server);
    modelId = (await callFn(server, api.models.list, {}, someone.token)).models[0]!.id;
  });
  afterAll(async () => {
    await server.close();
  });

  /** An organization with an admin, a member and a superadmin, and another organization's member. */
  async function people() {
    const admin = await createTestUser(server, { role: "OrganizationAdmin" });
    const orgId = admin.organizationId;
    const member = await createTestUser(server, { organizationId: orgId });
    const superadmin = await createTestUser(server, { organizationId: orgId, isSuperadmin: true });
    const outsider = await createTestUser(server);
    return { admin, member, superadmin, outsider };
  }

  const create = (user: TestUser, args: ModuleArgs) =>
    callFn(server, api.modules.create, args, user.token);
  const db = () => server.running.services.database.db;

  it("refuses every admin function to members, organization admins and other organizations' members", async () => {
    const { admin, member, superadmin, outsider } = await people();
    const { module } = await create(superadmin, webhookModule());
    const form = webhookModule();
    const calls: Array<(user: TestUser) => Promise<FnError>> = [
      (u) => callFnError(server, api.modules.listAdmin, { showArchived: true }, u.token),
      (u) => callFnError(server, api.modules.getAdmin, { moduleId: module._id }, u.token),
      (u) => callFnError(server, api.modules.checkSlug, { slug: "free-slug" }, u.token),
      (u) => callFnError(server, api.modules.listOrganizationOptions, {}, u.token),
      (u) => callFnError(server, api.modules.create, form, u.token),
      (u) => callFnError(server, api.modules.update, { ...form, moduleId: module._id }, u.token),
      (u) => callFnError(server, api.modules.rotateSecret, { moduleId: module._id }, u.token),
      (u) => callFnError(server, api.modules.archive, { moduleId: module._id }, u.token),
      (u) => callFnError(server, api.modules.restore, { moduleId: module._id }, u.token),
      (u) => callFnError(server, api.modules.createCategory, { name: unique("Cat") }, u.token),
      (u) =>
        callFnError(server, api.modules.listAdminExecutions, { moduleId: module._id }, u.token),
    ];
    for (const user of [member, admin, outsider]) {
      for (const call of calls) {
        expectError(await call(user), "FORBIDDEN", "You do not have permission to do that.");
      }
    }
    // Nothing changed: the module is as created, and no module of that slug appeared.
    expect(
      await callFn(server, api.modules.getAdmin, { moduleId: module._id }, superadmin.token),
    ).toEqual(module);
    expect(
      await callFn(server, api.modules.checkSlug, { slug: form.slug }, superadmin.token),
    ).toEqual({ available: true });
  });

  it("creates a webhook module and answers its secret once, audited", async () => {
    const { superadmin, member } = await people();
    const args = webhookModule({ name: "  Contract review ", icon: "scale" });
    const { module, webhookSecret } = await create(superadmin, args);
    expect(webhookSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(module).toMatchObject({
      name: "Contract review",
      slug: args.slug,
      kind: "webhook",
      icon: "scale",
      endpointUrl: args.endpointUrl,
      n8nWorkflowId: "wf-12",
      technicalNotes: "Posts to n8n",
      estimatedTimeMinutes: 5,
      isActive: true,
      hasWebhookSecret: true,
      promptTemplate: null,
      modelId: null,
      organizationIds: [],
      organizationNames: [],
      archivedAt: null,
      executionCount: 0,
      lastExecutionAt: null,
      categoryId: null,
      category: null,
    });
    expect(module.inputs).toEqual(args.inputs);
    const [stored] = await db().select().from(modules).where(eq(modules.id, module._id));
    expect(stored?.webhookSecret).toBe(webhookSecret);

    // No view shows it again.
    const views = [
      await callFn(server, api.modules.getAdmin, { moduleId: module._id }, superadmin.token),
      await callFn(server, api.modules.listAdmin, { showArchived: true }, superadmin.token),
      await callFn(server, api.modules.getModulesWithCategories, {}, member.token),
      await callFn(server, api.modules.getBySlug, { slug: args.slug }, member.token),
    ];
    for (const view of views) expect(JSON.stringify(view)).not.toContain(webhookSecret!);
    // A member's view has no endpoint, notes or template either.
    expect(JSON.stringify(views[3])).not.toContain("automation.example.test");
    expect(JSON.stringify(views[3])).not.toContain("Posts to n8n");

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, module._id), eq(auditLog.action, "module.create")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: superadmin.userId, targetType: "module" });
    expect(JSON.stringify(audit[0]!.metadata)).not.toContain(webhookSecret!);
  });

  it("creates built-in modules without a secret, with a model the server offers", async () => {
    const { superadmin } = await people();
    const builtin = await create(superadmin, builtinModule({ modelId }));
    expect(builtin.webhookSecret).toBeNull();
    expect(builtin.module).toMatchObject({
      kind: "builtin",
      hasWebhookSecret: false,
      promptTemplate: "Summarize for {{client}}.",
      modelId,
      endpointUrl: null,
      n8nWorkflowId: null,
    });
    const unknownModel = await callFnError(
      server,
      api.modules.create,
      builtinModule({ modelId: "compatible:no-such-model" }),
      superadmin.token,
    );
    expectError(unknownModel, "INVALID_ARGS", "This model is not available.");
    expect(issuesOf(unknownModel)).toEqual([
      { path: "modelId", message: "This model is not available." },
    ]);
    const noTemplate = await callFnError(
      server,
      api.modules.create,
      builtinModule({ promptTemplate: "  " }),
      superadmin.token,
    );
    expect(issuesOf(noTemplate)).toContainEqual({
      path: "promptTemplate",
      message: "Prompt template is required for a built-in module",
    });
  });

  it("answers bad input with the form's messages on their fields", async () => {
    const { superadmin } = await people();
    const bad = async (args: ModuleArgs) => {
      const error = await callFnError(server, api.modules.create, args, superadmin.token);
      expectError(error, "INVALID_ARGS");
      return issuesOf(error);
    };
    // SPEC 5.
    const blank = await bad(webhookModule({ name: " ", slug: "" }));
    expect(blank).toContainEqual({ path: "name", message: "Module name is required" });
    expect(blank).toContainEqual({ path: "slug", message: "Slug is required" });
    expect(await bad(webhookModule({ slug: "Not A Slug" }))).toContainEqual({
      path: "slug",
      message: "Slug may only contain lower-case letters, digits and dashes",
    });
    expect(await bad(webhookModule({ endpointUrl: undefined }))).toContainEqual({
      path: "endpointUrl",
      message: "Endpoint URL is required for a webhook module",
    });
    expect(await bad(webhookModule({ endpointUrl: "ftp://example.test/x" }))).toContainEqual({
      path: "endpointUrl",
      message: "Endpoint URL must be an http or https address",
    });
    expect(await bad(webhookModule({ estimatedTimeMinutes: 0 }))).toContainEqual({
      path: "estimatedTimeMinutes",
      message: "Estimated time must be at least 1 minute",
    });
    const twice = { key: "same", label: "Same", type: "text" as const, required: false };
    expect(await bad(webhookModule({ inputs: [twice, twice] }))).toContainEqual({
      path: "inputs.1.key",
      message: "Input keys must be unique",
    });
    expect(
      await bad(
        webhookModule({
          inputs: [{ key: "focus", label: "Focus", type: "choice", required: true }],
        }),
      ),
    ).toContainEqual({ path: "inputs.0.options", message: "A choice needs at least one option" });
    expect(await bad(webhookModule({ categoryId: newId() }))).toEqual([
      { path: "categoryId", message: "This category does not exist." },
    ]);
    expect(await bad(webhookModule({ categoryId: "not-an-id" }))).toEqual([
      { path: "categoryId", message: "This category does not exist." },
    ]);
    for (const organizationIds of [[newId()], ["not-an-id"]]) {
      expect(await bad(webhookModule({ organizationIds }))).toEqual([
        { path: "organizationIds", message: "One of the organizations does not exist." },
      ]);
    }
    // Nothing was created by any of them.
    const all = await callFn(
      server,
      api.modules.listAdmin,
      { showArchived: true },
      superadmin.token,
    );
    expect(all.filter((m) => m.name === "Module" || m.slug === "Not A Slug")).toEqual([]);
  });

  it("keeps slugs unique, says so live in checkSlug, and refuses a taken one with CONFLICT", async () => {
    const { superadmin } = await people();
    const first = await create(superadmin, webhookModule());
    const slug = first.module.slug;
    const check = (args: ArgsOf<typeof api.modules.checkSlug>) =>
      callFn(server, api.modules.checkSlug, args, superadmin.token);
    expect(await check({ slug })).toEqual({ available: false });
    expect(await check({ slug, moduleId: first.module._id })).toEqual({ available: true });
    expect(await check({ slug: `${slug}-2` })).toEqual({ available: true });
    const invalid = await callFnError(
      server,
      api.modules.checkSlug,
      { slug: "" },
      superadmin.token,
    );
    expect(issuesOf(invalid)).toContainEqual({ path: "slug", message: "Slug is required" });

    const taken = await callFnError(
      server,
      api.modules.create,
      builtinModule({ slug }),
      superadmin.token,
    );
    expectError(taken, "CONFLICT", "This slug is already used by another module");
    expect(taken.data.field).toBe("slug");

    const second = await create(superadmin, webhookModule());
    expectError(
      await callFnError(
        server,
        api.modules.update,
        { ...webhookModule({ slug }), moduleId: second.module._id },
        superadmin.token,
      ),
      "CONFLICT",
      "This slug is already used by another module",
    );
    // An archived module keeps its slug.
    await callFn(server, api.modules.archive, { moduleId: first.module._id }, superadmin.token);
    expect(await check({ slug })).toEqual({ available: false });
  });

  it("updates a module, making a secret only when it becomes a webhook module, and rotates it", async () => {
    const { superadmin } = await people();
    const other = await createTestUser(server);
    const { module } = await create(superadmin, builtinModule());
    const category = await callFn(
      server,
      api.modules.createCategory,
      { name: unique("Research") },
      superadmin.token,
    );
    const asWebhook = await callFn(
      server,
      api.modules.update,
      {
        ...webhookModule({ slug: module.slug, name: "Now a webhook" }),
        categoryId: category._id,
        organizationIds: [other.organizationId, superadmin.organizationId],
        moduleId: module._id,
      },
      superadmin.token,
    );
    expect(asWebhook.webhookSecret).toMatch(/^whsec_/);
    expect(asWebhook.module).toMatchObject({
      name: "Now a webhook",
      kind: "webhook",
      hasWebhookSecret: true,
      promptTemplate: null,
      categoryId: category._id,
      category: category.name,
    });
    expect([...asWebhook.module.organizationIds].sort()).toEqual(
      [other.organizationId, superadmin.organizationId].sort(),
    );
    expect(asWebhook.module.organizationNames).toHaveLength(2);

    // Editing it again keeps the secret and does not show it.
    const again = await callFn(
      server,
      api.modules.update,
      { ...webhookModule({ slug: module.slug }), moduleId: module._id },
      superadmin.token,
    );
    expect(again.webhookSecret).toBeNull();
    expect(again.module.organizationIds).toEqual([]);
    const secretOf = async () =>
      (await db().select().from(modules).where(eq(modules.id, module._id)))[0]?.webhookSecret;
    expect(await secretOf()).toBe(asWebhook.webhookSecret);

    const rotated = await callFn(
      server,
      api.modules.rotateSecret,
      { moduleId: module._id },
      superadmin.token,
    );
    expect(rotated.webhookSecret).toMatch(/^whsec_/);
    expect(rotated.webhookSecret).not.toBe(asWebhook.webhookSecret);
    expect(await secretOf()).toBe(rotated.webhookSecret);

    // Back to built-in: no secret kept; rotating is refused.
    const back = await callFn(
      server,
      api.modules.update,
      { ...builtinModule({ slug: module.slug }), moduleId: module._id },
      superadmin.token,
    );
    expect(back.module.hasWebhookSecret).toBe(false);
    expect(await secretOf()).toBeNull();
    expectError(
      await callFnError(
        server,
        api.modules.rotateSecret,
        { moduleId: module._id },
        superadmin.token,
      ),
      "CONFLICT",
      "Only a webhook module has a signing secret.",
    );

    for (const moduleId of [newId(), "not-an-id"]) {
      const edit = { ...builtinModule(), moduleId };
      expectError(
        await callFnError(server, api.modules.update, edit, superadmin.token),
        "NOT_FOUND",
        "Module was not found.",
      );
      expectError(
        await callFnError(server, api.modules.rotateSecret, { moduleId }, superadmin.token),
        "NOT_FOUND",
      );
      expectError(
        await callFnError(server, api.modules.archive, { moduleId }, superadmin.token),
        "NOT_FOUND",
      );
      expect(await callFn(server, api.modules.getAdmin, { moduleId }, superadmin.token)).toBeNull();
    }
    const actions = (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, module._id))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(
      [
        "module.create",
        "module.rotate_secret",
        "module.update",
        "module.update",
        "module.update",
      ].sort(),
    );
  });

  it("archives and restores, listing archived modules only on request", async () => {
    const { superadmin, member } = await people();
    const { module } = await create(superadmin, webhookModule());
    const listed = async (showArchived: boolean) =>
      (await callFn(server, api.modules.listAdmin, { showArchived }, superadmin.token)).map(
        (m) => m._id,
      );
    expect(await listed(false)).toContain(module._id);
    expect(
      await callFn(server, api.modules.archive, { moduleId: module._id }, superadmin.token),
    ).toEqual({ moduleId: module._id });
    expect(await listed(false)).not.toContain(module._id);
    expect(await listed(true)).toContain(module._id);
    const archived = await callFn(
      server,
      api.modules.getAdmin,
      { moduleId: module._id },
      superadmin.token,
    );
    expect(archived?.archivedAt).toBeTypeOf("number");
    expect(
      await callFn(server, api.modules.getBySlug, { slug: module.slug }, member.token),
    ).toBeNull();

    await callFn(server, api.modules.restore, { moduleId: module._id }, superadmin.token);
    expect(await listed(false)).toContain(module._id);
    expect(
      await callFn(server, api.modules.getBySlug, { slug: module.slug }, member.token),
    ).toMatchObject({ _id: module._id });
    const actions = (
      await db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, module._id))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["module.archive", "module.restore"]));
  });

  it("creates global categories, refusing a taken name", async () => {
    const { superadmin, member, outsider } = await people();
    const name = unique("Contracts");
    const category = await callFn(
      server,
      api.modules.createCategory,
      { name: `  ${name} ` },
      superadmin.token,
    );
    expect(category).toMatchObject({ name });
    const taken = await callFnError(
      server,
      api.modules.createCategory,
      { name: name.toUpperCase() },
      superadmin.token,
    );
    expectError(taken, "CONFLICT", `A category named "${name.toUpperCase()}" already exists.`);
    const blank = await callFnError(
      server,
      api.modules.createCategory,
      { name: " " },
      superadmin.token,
    );
    expect(issuesOf(blank)).toEqual([{ path: "name", message: "Category name is required" }]);
    // Every organization sees the same categories.
    for (const user of [member, outsider]) {
      const seen = await callFn(server, api.modules.listCategories, {}, user.token);
      expect(seen.map((c) => c._id)).toContain(category._id);
    }
  });

  it("lists organizations to limit a module to", async () => {
    const { superadmin, outsider } = await people();
    const options = await callFn(server, api.modules.listOrganizationOptions, {}, superadmin.token);
    const ids = options.map((o) => o._id);
    expect(ids).toEqual(
      expect.arrayContaining([superadmin.organizationId, outsider.organizationId]),
    );
    expect(options[0]).toEqual({ _id: expect.any(String), name: expect.stringMatching(/^Org/) });
  });

  it("shows a module's executions across organizations, newest first, with its run count", async () => {
    const { superadmin, member, outsider } = await people();
    const { module } = await create(superadmin, webhookModule());
    const ran = async (user: TestUser, status: "succeeded" | "failed", at: Date) => {
      const id = newId();
      await db()
        .insert(moduleExecutions)
        .values({
          id,
          organizationId: user.organizationId,
          moduleId: module._id,
          userId: user.userId,
          status,
          error: status === "failed" ? "The automation answered 500" : null,
          createdAt: at,
          updatedAt: at,
        });
      return id;
    };
    const older = await ran(member, "succeeded", new Date(Date.now() - 60_000));
    const newer = await ran(outsider, "failed", new Date());
    const executions = await callFn(
      server,
      api.modules.listAdminExecutions,
      { moduleId: module._id },
      superadmin.token,
    );
    expect(executions.map((e) => e._id)).toEqual([newer, older]);
    expect(executions[0]).toMatchObject({
      status: "failed",
      error: "The automation answered 500",
      userName: "Test User",
      moduleSlug: module.slug,
      canCancel: false,
    });
    expect(
      await callFn(
        server,
        api.modules.listAdminExecutions,
        { moduleId: module._id, limit: 1 },
        superadmin.token,
      ),
    ).toHaveLength(1);
    expect(
      await callFn(
        server,
        api.modules.listAdminExecutions,
        { moduleId: "not-an-id" },
        superadmin.token,
      ),
    ).toEqual([]);
    const admin = await callFn(
      server,
      api.modules.getAdmin,
      { moduleId: module._id },
      superadmin.token,
    );
    expect(admin).toMatchObject({ executionCount: 2 });
    expect(admin?.lastExecutionAt).toBeGreaterThan(Date.now() - 30_000);
  });

  it("pushes new runs and module changes to a superadmin's open admin pages", async () => {
    const { superadmin, outsider } = await people();
    const { module } = await create(superadmin, webhookModule());
    const socket = await TestSocket.open(server.url);
    try {
      expect((await socket.authenticate(superadmin.token)).type).toBe("authenticated");
      await subscribeFn(socket, "runs", api.modules.listAdminExecutions, { moduleId: module._id });
      await subscribeFn(socket, "list", api.modules.listAdmin, { showArchived: false });
      const ran = nextValue(socket, "runs", api.modules.listAdminExecutions, (e) => e.length === 1);
      const counted = nextValue(socket, "list", api.modules.listAdmin, (list) =>
        list.some((m) => m._id === module._id && m.executionCount === 1),
      );
      // A member of another organization than the superadmin's runs it.
      const now = new Date();
      await db().insert(moduleExecutions).values({
        id: newId(),
        organizationId: outsider.organizationId,
        moduleId: module._id,
        userId: outsider.userId,
        status: "running",
        createdAt: now,
        updatedAt: now,
      });
      expect((await ran)[0]).toMatchObject({ status: "running", userId: outsider.userId });
      await counted;
      const archived = nextValue(
        socket,
        "list",
        api.modules.listAdmin,
        (list) => !list.some((m) => m._id === module._id),
      );
      await callFn(server, api.modules.archive, { moduleId: module._id }, superadmin.token);
      await archived;
    } finally {
      await socket.close();
    }
  });
});
