import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH).`,
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
