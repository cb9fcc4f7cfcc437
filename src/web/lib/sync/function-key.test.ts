import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { api } from "#shared/api/index.ts";
import { functionKey, readFunctionArgs } from "./function-key.ts";

describe("functionKey", () => {
  it("names one call by path and args, and reads the args back", () => {
    const key = functionKey(api.folders.getRemovalSummary, { folderId: "f1" });
    expect(key).toEqual(["fn", "folders.getRemovalSummary", { folderId: "f1" }]);
    expect(readFunctionArgs(key)).toEqual({ folderId: "f1" });
  });

  it("without args matches every call of a function; without anything, every function", () => {
    const client = new QueryClient();
    client.setQueryData(functionKey(api.folders.getRemovalSummary, { folderId: "f1" }), 1);
    client.setQueryData(functionKey(api.folders.getRemovalSummary, { folderId: "f2" }), 2);
    client.setQueryData(functionKey(api.folders.getAll, {}), []);
    client.setQueryData(["elsewhere"], 3);
    const cache = client.getQueryCache();
    expect(cache.findAll({ queryKey: functionKey(api.folders.getRemovalSummary) })).toHaveLength(2);
    expect(cache.findAll({ queryKey: functionKey() })).toHaveLength(3);
    expect(readFunctionArgs(["elsewhere"])).toBeNull();
  });
});
