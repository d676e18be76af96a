import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onTestFinished } from 'vitest'

/** A fresh directory under the OS temp dir, removed when the test ends. */
export function tempDir(): string {
  const dir = makeTempDir()
  onTestFinished(() => removeTempDir(dir))
  return dir
}

/** The same for a script outside a test (the bench); remove it with `removeTempDir`. */
export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'plane-state-'))
}

export function removeTempDir(dir: string): void {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
}
