// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DeferredModule, deferredModule } from "./deferred-module.ts";

afterEach(cleanup);

function Reader({ module }: { module: DeferredModule<string> }) {
  return <p>{module.useLoaded() ?? "not yet"}</p>;
}

describe("deferredModule", () => {
  it("fetches once however often it is asked", async () => {
    const importer = vi.fn(() => Promise.resolve("loaded"));
    const module = deferredModule(importer);
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect([first, second, await module.load()]).toEqual(["loaded", "loaded", "loaded"]);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed fetch", async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce("loaded");
    const module = deferredModule(importer);
    await expect(module.load()).rejects.toThrow("offline");
    await expect(module.load()).resolves.toBe("loaded");
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it("renders its readers without the value, then again with it", async () => {
    let resolve: (value: string) => void = () => undefined;
    const module = deferredModule(() => new Promise<string>((done) => (resolve = done)));
    const view = render(<Reader module={module} />);
    expect(view.container.textContent).toBe("not yet");
    const loading = module.load();
    await act(async () => {
      resolve("here");
      await loading;
    });
    expect(view.container.textContent).toBe("here");
  });
});
