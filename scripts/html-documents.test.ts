import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The app (index.html) and the light sign-in document (login.html, decision 016) are two Vite
 * inputs and so two files; they must stay one page to the browser (theme, icons, manifest,
 * description, dark colour scheme before the first paint) and differ only in their script.
 */
const root = path.resolve(import.meta.dirname, "..");
const read = (name: string) => readFileSync(path.join(root, name), "utf8");
const script = /<script type="module" src="([^"]+)"><\/script>/;

describe("the two HTML documents", () => {
  it("are the same page but for the entry script", () => {
    const app = read("index.html");
    const login = read("login.html");
    expect(app.match(script)?.[1]).toBe("/src/web/main.tsx");
    expect(login.match(script)?.[1]).toBe("/src/web/login-main.tsx");
    expect(login.replace(script, "")).toBe(app.replace(script, ""));
  });
});
