import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { freshMigratedDataDir } from "./databases.ts";
import { startTestServer, type TestServer } from "./server.ts";

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed, else its
 * Chromium. The shell is the same Blink without the browser's window machinery, as Playwright
 * itself prefers for headless runs: the e2e files took about 40 % less CPU with it (decision
 * 036). Text is rasterized a shade heavier in its screenshots; layout and colours are the same.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Headless Debian Chromium; fails with the install command when missing. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium-headless-shell (or chromium, or set CHROMIUM_PATH).`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
}

export interface PageErrors {
  errors: string[];
}

/**
 * A new browser context (its own storage, like a separate browser profile)
 * whose pages record uncaught errors and console errors, so a test can
 * assert that none happened.
 */
export async function newContext(
  browser: Browser,
  options: { colorScheme?: "dark" | "light" } = {},
): Promise<BrowserContext & PageErrors> {
  const context = (await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? "dark",
  })) as BrowserContext & PageErrors;
  context.errors = [];
  context.on("page", (page) => watchPage(page, context.errors));
  return context;
}

function watchPage(page: Page, errors: string[]): void {
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // Expected: failed requests the app handles (401/560 answers are shown to the user).
    if (/Failed to load resource/.test(text)) return;
    errors.push(`console.error: ${text}`);
  });
}

/** Save a screenshot under .tmp/screenshots/ for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.resolve(".tmp", "screenshots");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

export const tempProfileDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "atrium-chromium-"));

export interface Credentials {
  email: string;
  password: string;
}

/** Fill and submit the sign-in form on the page already showing /login. */
export async function submitLogin(page: Page, credentials: Credentials): Promise<void> {
  await page.getByTestId("login-email").fill(credentials.email);
  await page.getByTestId("login-password").fill(credentials.password);
  await page.getByTestId("login-submit").click();
}

/**
 * Signs in through the real form in a new tab of `context` and waits for the
 * signed-in home; the tab is returned on /command-center.
 */
export async function signInAs(
  context: BrowserContext,
  baseUrl: string,
  credentials: Credentials,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, credentials);
  await page.waitForURL(`${baseUrl}/command-center`);
  await page.getByTestId("command-center-greeting").waitFor();
  return page;
}

/** The localStorage keys of this origin that hold auth tokens (`__atriumAuth…`). */
export function authStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith("__atriumAuth")),
  );
}

/** Sets the stored theme (zustand's persisted shape) before any page of `context` loads. */
export async function presetTheme(
  context: BrowserContext,
  theme: "light" | "dark" | "system",
): Promise<void> {
  await context.addInitScript((value) => {
    // about:blank and other opaque origins have no localStorage.
    if (location.protocol !== "http:" && location.protocol !== "https:") return;
    if (localStorage.getItem("theme") === null) {
      localStorage.setItem("theme", JSON.stringify({ state: { theme: value }, version: 0 }));
    }
  }, theme);
}

/**
 * The relative luminance (0 black … 1 white) of an element's computed background,
 * whatever colour space the stylesheet uses (the page's canvas converts it to sRGB).
 */
export function backgroundLuminance(page: Page, selector = "body"): Promise<number> {
  return page.evaluate((sel) => {
    const element = document.querySelector(sel);
    if (!element) throw new Error(`no element matches ${sel}`);
    const color = getComputedStyle(element).backgroundColor;
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas context");
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const linear = (channel: number) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  }, selector);
}

/**
 * Options for `expect.poll` on what a page shows: Vitest's default (1 s) is too short for
 * a page that is still loading on a busy machine; a broken feature still fails, later.
 */
export const POLL = { timeout: 15_000, interval: 100 } as const;

export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
}

/**
 * For a describe block: a server on a fresh PGlite data dir (with `env` added to its
 * configuration) and headless Chromium, started together before its tests and closed after.
 */
export function useServerAndBrowser(env: Record<string, string> = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer("pglite", env, { dataDir: freshMigratedDataDir() }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error("the server and the browser start in beforeAll");
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}
