import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium";

declare module "vitest" {
  export interface ProvidedContext {
    /** The suite's one Chromium (a globalSetup's browser server): each test file connects to it. */
    chromiumEndpoint: string;
  }
}

/**
 * One Chromium for the whole run, started before the first file: launching and closing one per file cost about 2 s
 * a file on a loaded 2-core machine, some 70 files. Each file still gets its own connection, and closing it closes
 * the file's contexts, so no state crosses files.
 */
export default async function startSharedChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
