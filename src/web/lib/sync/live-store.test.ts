import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import type { User } from "#shared/schemas/user.ts";
import { functionKey } from "./function-key.ts";
import { LiveStore } from "./live-store.ts";

const ada: User = {
  _id: "u1",
  _creationTime: 1,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  isSuperadmin: false,
  role: "Member",
  organizationId: "o1",
  organization: { _id: "o1", name: "Analytical", slug: "analytical" },
};
const meKey = functionKey(api.users.getMe, {});

function setup() {
  const client = new QueryClient();
  const store = new LiveStore(client);
  const me = () => client.getQueryData<User>(meKey);
  const rename = (firstName: string) =>
    store.addLayer((view) => {
      const current = view.getQuery(api.users.getMe, {});
      if (current) view.setQuery(api.users.getMe, {}, { ...current, firstName });
    });
  return { client, store, me, rename };
}

describe("LiveStore optimistic layers", () => {
  it("keeps the optimistic change on top of an unrelated push", () => {
    const { store, me, rename } = setup();
    store.receive(meKey, ada);
    rename("Grace");
    expect(me()).toMatchObject({ firstName: "Grace", email: "ada@example.com" });
    store.receive(meKey, { ...ada, email: "ada@new.example.com" });
    expect(me()).toMatchObject({ firstName: "Grace", email: "ada@new.example.com" });
  });

  it("shows the server value alone once the layer is dropped", () => {
    const { store, me, rename } = setup();
    store.receive(meKey, ada);
    const layer = rename("Grace");
    store.receive(meKey, { ...ada, lastName: "Byron" });
    store.removeLayer(layer);
    expect(me()).toEqual({ ...ada, lastName: "Byron" });
  });

  it("applies layers in order and rolls back only the one removed", () => {
    const { store, me, rename, client } = setup();
    store.receive(meKey, ada);
    const first = rename("Grace");
    const second = store.addLayer((view) => {
      const current = view.getQuery(api.users.getMe, {});
      if (current) view.setQuery(api.users.getMe, {}, { ...current, lastName: current.firstName });
    });
    expect(me()).toMatchObject({ firstName: "Grace", lastName: "Grace" });
    store.removeLayer(first);
    expect(me()).toMatchObject({ firstName: "Ada", lastName: "Ada" });
    store.removeLayer(second);
    expect(client.getQueryData(meKey)).toEqual(ada);
  });

  it("restores data it never had from the server to what the cache held before", () => {
    const { client, store, me, rename } = setup();
    client.setQueryData(meKey, ada);
    const layer = rename("Grace");
    expect(me()?.firstName).toBe("Grace");
    store.removeLayer(layer);
    expect(me()).toEqual(ada);
  });

  it("lets a fetch result give way to a newer push", () => {
    const { store, me } = setup();
    const since = store.versionOf(meKey);
    store.receive(meKey, { ...ada, firstName: "Pushed" });
    expect(store.received(meKey, ada, since)).toMatchObject({ firstName: "Pushed" });
    expect(me()?.firstName).toBe("Pushed");
  });
});
