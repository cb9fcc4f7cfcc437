// @vitest-environment happy-dom
import { useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "#shared/api/index.ts";
import type { User } from "#shared/schemas/user.ts";
import { createQueryClient } from "../query-client.ts";
import { createFakeFetch } from "../testing/fake-fetch.ts";
import { createFakeWebSocket } from "../testing/fake-web-socket.ts";
import { liveQueryOptions } from "./live-query.ts";
import { setMutationErrorHandler, useLiveMutation } from "./mutations.ts";
import { SyncClient } from "./sync-client.ts";
import { SyncProvider } from "./sync-provider.tsx";

const ada: User = {
  _id: "u1",
  _creationTime: 1,
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  isSuperadmin: false,
  role: "Member",
  organizationId: null,
  organization: null,
};

function pick<D>(result: { data: D | undefined; isError: boolean; error: unknown }) {
  return { data: result.data, isError: result.isError, error: result.error };
}

async function setup() {
  const { WebSocketImpl, sockets } = createFakeWebSocket();
  const sync = new SyncClient({ url: "ws://test/api/sync", WebSocketImpl });
  const queryClient = createQueryClient(sync);
  sync.connect();
  const socket = sockets[0];
  if (!socket) throw new Error("no socket");
  await act(async () => socket.accept());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SyncProvider client={sync} queryClient={queryClient}>
      {children}
    </SyncProvider>
  );
  const hook = renderHook(
    () => ({
      // Read what the tests check during render: useQuery re-renders only for fields read.
      me: pick(useQuery(liveQueryOptions(api.users.getMe, {}))),
      update: useLiveMutation(api.users.updateProfile, {
        optimisticUpdate: (store, args) => {
          const me = store.getQuery(api.users.getMe, {});
          if (me) store.setQuery(api.users.getMe, {}, { ...me, ...args });
        },
      }),
    }),
    { wrapper },
  );
  const subscription = () => {
    const found = socket.sentOfType("subscribe").find((m) => m.path === "users.getMe");
    if (!found) throw new Error("users.getMe was not subscribed");
    return found.id;
  };
  await waitFor(() => expect(subscription()).toBeTruthy());
  const push = (user: User) =>
    act(async () => socket.push({ type: "query_result", id: subscription(), value: user }));
  const answer = (
    result: { status: "success"; value: unknown } | { status: "error"; errorMessage: string },
  ) => {
    const request = socket.sentOfType("mutation").at(-1);
    return act(async () =>
      socket.push({
        type: "result",
        requestId: request?.requestId ?? "",
        logLines: [],
        ...result,
        ...(result.status === "error" ? { errorData: { code: "INVALID_ARGS" as const } } : {}),
      }),
    );
  };
  await push(ada);
  await waitFor(() => expect(hook.result.current.me.data).toEqual(ada));
  return { hook, push, answer, socket, sync, queryClient };
}

afterEach(() => setMutationErrorHandler(() => undefined));

describe("useLiveMutation", () => {
  it("keeps the optimistic value through an unrelated push, then shows the server's", async () => {
    const { hook, push, answer } = await setup();
    let done: Promise<User> | undefined;
    act(() => {
      done = hook.result.current.update.mutateAsync({ firstName: "Grace", lastName: "Hopper" });
    });
    await waitFor(() => expect(hook.result.current.me.data?.firstName).toBe("Grace"));

    await push({ ...ada, email: "ada@new.example.com" });
    await waitFor(() => expect(hook.result.current.me.data?.email).toBe("ada@new.example.com"));
    expect(hook.result.current.me.data).toMatchObject({ firstName: "Grace", lastName: "Hopper" });

    const saved = { ...ada, firstName: "Grace", lastName: "Hopper", email: "ada@new.example.com" };
    await push(saved);
    await answer({ status: "success", value: saved });
    await expect(done).resolves.toEqual(saved);
    // The layer is gone: the next push shows exactly what the server says.
    await push({ ...saved, firstName: "Server" });
    await waitFor(() => expect(hook.result.current.me.data?.firstName).toBe("Server"));
  });

  it("rolls back and reports the server's message when the mutation fails", async () => {
    const { hook, answer } = await setup();
    const onError = vi.fn();
    setMutationErrorHandler(onError);
    act(() => hook.result.current.update.mutate({ firstName: "Grace", lastName: "Hopper" }));
    await waitFor(() => expect(hook.result.current.me.data?.firstName).toBe("Grace"));
    await answer({ status: "error", errorMessage: "First name is taken" });
    await waitFor(() => expect(hook.result.current.update.isError).toBe(true));
    expect(hook.result.current.me.data).toEqual(ada);
    expect(onError).toHaveBeenCalledWith("First name is taken");
  });
});

describe("a live query (liveQueryOptions)", () => {
  it("puts a subscription error in the query's error state", async () => {
    const { hook, socket } = await setup();
    const id = socket.sentOfType("subscribe")[0]?.id ?? "";
    await act(async () =>
      socket.push({
        type: "query_error",
        id,
        errorMessage: "You do not have permission to do that.",
        errorData: { code: "FORBIDDEN" },
      }),
    );
    await waitFor(() => expect(hook.result.current.me.isError).toBe(true));
    expect(hook.result.current.me.error).toMatchObject({ code: "FORBIDDEN" });
  });

  it("ends the server subscription a little after the last component leaves", async () => {
    const { hook, socket } = await setup();
    const id = socket.sentOfType("subscribe")[0]?.id;
    vi.useFakeTimers();
    try {
      hook.unmount();
      expect(socket.sentOfType("unsubscribe")).toEqual([]);
      await vi.advanceTimersByTimeAsync(2500);
      expect(socket.sentOfType("unsubscribe")).toEqual([{ type: "unsubscribe", id }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("useLiveMutation over the HTTP fallback", () => {
  it("re-reads the shown queries before it resolves, since no push came with the answer", async () => {
    const { WebSocketImpl } = createFakeWebSocket();
    let server = ada;
    const http = createFakeFetch((request) => {
      if (request.url === "/api/mutation") server = { ...server, firstName: "Grace" };
      return { body: { status: "success", value: server } };
    });
    const sync = new SyncClient({ url: "ws://test", WebSocketImpl, fetchImpl: http.fetchImpl });
    const queryClient = createQueryClient(sync);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SyncProvider client={sync} queryClient={queryClient}>
        {children}
      </SyncProvider>
    );
    const hook = renderHook(
      () => ({
        me: pick(useQuery(liveQueryOptions(api.users.getMe, {}))),
        update: useLiveMutation(api.users.updateProfile),
      }),
      { wrapper },
    );
    await waitFor(() => expect(hook.result.current.me.data).toEqual(ada));
    await act(() =>
      hook.result.current.update.mutateAsync({ firstName: "Grace", lastName: "Lovelace" }),
    );
    expect(http.requests.map((r) => r.url)).toEqual(["/api/query", "/api/mutation", "/api/query"]);
    await waitFor(() => expect(hook.result.current.me.data?.firstName).toBe("Grace"));
  });
});
