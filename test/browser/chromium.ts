import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'

/** Where browser tests write screenshots: `test-results/screenshots` (git-ignored). */
export const screenshotDir = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
)
mkdirSync(screenshotDir, { recursive: true })

/**
 * Debian's Chromium, headless: browser tests never download a browser of their own.
 * `extraArgs` go to Chromium as they are (`--host-resolver-rules=…`).
 * @example const browser = await launchChromium()
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      // Keeps the run quiet and offline: no update checks, no first-run pages.
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  })
}
