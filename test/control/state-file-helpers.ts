import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Store } from '../../src/index.ts'
import { attachStateFile } from '../../src/node/state-file/state-file.ts'
import {
  abTestCreate,
  abTestsPath,
  buildApp,
  commentKey,
  commentUpdate,
  commentsPath,
  tempDir,
  waitFor,
} from '../support/index.ts'

// What the state-file tests share, in process (plane-state-file.test.ts) and through the
// command (plane-cli.slow.test.ts).

/** A file's path in a directory of its own, removed when the test ends. */
export function tempFile(name = 'state.json'): { dir: string; path: string } {
  const dir = tempDir()
  return { dir, path: join(dir, name) }
}

/**
 * The file's text once it exists and contains `needle`; `timeoutMs` only stops a wait that would
 * never end (10 s in these tests, so a loaded machine cannot fail them).
 */
export function fileContaining(path: string, needle: string, timeoutMs: number): Promise<string> {
  return waitFor(
    `${basename(path)} containing ${needle}`,
    () => {
      if (!existsSync(path)) return undefined
      const text = readFileSync(path, 'utf8')
      return text.includes(needle) ? text : undefined
    },
    timeoutMs,
  )
}

/** A state file's text without the name of its change log (`"Log":3,`), as stateFileJson writes it. */
export function withoutLog(text: string): string {
  return text.replace(/^(\{"Seed":\d+,"Generated":\d+,)"Log":\d+,/, '$1')
}

/** A stored state file of seed 1 with one edited comment and one created A/B test. */
export async function savedState(path: string): Promise<{ store: Store; text: string }> {
  const { app, store } = buildApp()
  await app.request(commentsPath, commentUpdate(commentKey(store), 'Saved in the file.'))
  await app.request(abTestsPath, abTestCreate('Saved test.'))
  const file = attachStateFile(store, path)
  await file.close()
  return { store, text: readFileSync(path, 'utf8') }
}
