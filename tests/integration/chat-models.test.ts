import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { ModelInfo } from "#shared/schemas/chat.ts";
import { organizationSettings, userPreferences } from "../../src/server/db/schema.ts";
import { callFn, callFnError, expectError } from "../support/call-fn.ts";
import { offeredModels, startChatFunctionsServer } from "../support/chat-fixtures.ts";
import { createTestUser, DB_KINDS, type TestServer, type TestUser } from "../support/server.ts";

/**
 * The chat's models.* functions over HTTP, on both databases: the models offered, the default
 * (the user's choice, else the organization's, else the server's), and who may set what.
 */

describe.each(DB_KINDS)("chat functions (%s)", (kind) => {
  let server: TestServer;
  let offered: ModelInfo[] = [];

  beforeAll(async () => {
    server = await startChatFunctionsServer(kind);
    offered = await offeredModels(server);
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => server.running.services.database.db;

  describe("models", () => {
    it("offers the configured models", () => {
      expect(offered.map((m) => m.id)).toEqual([
        "compatible:test-model",
        "compatible:other-model",
        "compatible:third-model",
      ]);
    });

    it("picks the default: the user's choice, else the organization's, else the server's", async () => {
      const admin = await createTestUser(server, { role: "OrganizationAdmin" });
      const member = await createTestUser(server, { organizationId: admin.organizationId });
      const [first, second, third] = offered.map((m) => m.id);
      const listFor = (user: TestUser) => callFn(server, api.models.list, {}, user.token);

      expect(await listFor(member)).toEqual({
        models: offered,
        defaultModelId: first,
        userModelId: null,
        organizationModelId: null,
      });

      await callFn(server, api.models.setOrganizationDefault, { modelId: second! }, admin.token);
      expect(await listFor(member)).toMatchObject({
        defaultModelId: second,
        userModelId: null,
        organizationModelId: second,
      });

      await callFn(server, api.models.choose, { modelId: third! }, member.token);
      expect(await listFor(member)).toMatchObject({
        defaultModelId: third,
        userModelId: third,
        organizationModelId: second,
      });
      // The admin's own default follows the organization; the member's choice is theirs alone.
      expect(await listFor(admin)).toMatchObject({ defaultModelId: second, userModelId: null });

      // A remembered model no longer offered is skipped, not an error.
      await db()
        .update(userPreferences)
        .set({ modelId: "compatible:retired" })
        .where(eq(userPreferences.userId, member.userId));
      expect(await listFor(member)).toMatchObject({
        defaultModelId: second,
        userModelId: "compatible:retired",
      });

      await callFn(server, api.models.setOrganizationDefault, { modelId: null }, admin.token);
      expect(await listFor(member)).toMatchObject({
        defaultModelId: first,
        organizationModelId: null,
      });
    });

    it("refuses a model that is not offered", async () => {
      const admin = await createTestUser(server, { role: "OrganizationAdmin" });
      const unavailable = "This model is not available.";
      const choose = { modelId: "compatible:not-configured" };
      expectError(
        await callFnError(server, api.models.choose, choose, admin.token),
        "INVALID_ARGS",
        unavailable,
      );
      const setDefault = { modelId: "openai:gpt-unknown" };
      expectError(
        await callFnError(server, api.models.setOrganizationDefault, setDefault, admin.token),
        "INVALID_ARGS",
        unavailable,
      );
      expect(
        await db()
          .select()
          .from(organizationSettings)
          .where(eq(organizationSettings.organizationId, admin.organizationId)),
      ).toEqual([]);
    });

    it("lets only organization admins and superadmins set the organization default", async () => {
      const member = await createTestUser(server);
      const superadmin = await createTestUser(server, {
        organizationId: member.organizationId,
        isSuperadmin: true,
      });
      const target = offered[0]?.id ?? "x";
      expectError(
        await callFnError(
          server,
          api.models.setOrganizationDefault,
          { modelId: target },
          member.token,
        ),
        "FORBIDDEN",
        "Only organization admins can set the organization's default model.",
      );
      await callFn(
        server,
        api.models.setOrganizationDefault,
        { modelId: target },
        superadmin.token,
      );
      const rows = await db()
        .select()
        .from(organizationSettings)
        .where(
          and(
            eq(organizationSettings.organizationId, member.organizationId),
            eq(organizationSettings.defaultModelId, target),
          ),
        );
      expect(rows).toHaveLength(1);
    });
  });
});
