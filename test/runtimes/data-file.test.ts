import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readDataFile } from '../../src/tools/cli/data-file.ts'
import { parseJsonText } from '../../src/tools/cli/parse-json-text.ts'
import { tempDir } from '../support/index.ts'

// Issue 26, point 11: a `--data` file is read asynchronously, up to a cap, and only from a
// regular file; what is wrong with it is named, and what it holds is never quoted.

function fileIn(dir: string, text: string, name = 'db.json'): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

async function refusalOf(path: string, maxBytes?: number): Promise<string> {
  const outcome = await readDataFile(path, maxBytes).then(
    () => 'read',
    (error: Error) => error.message,
  )
  expect(outcome).not.toBe('read')
  return outcome
}

describe('readDataFile', () => {
  it('refuses a FIFO at once, with no writer on it', async () => {
    const path = join(tempDir(), 'db.json')
    execFileSync('mkfifo', [path])
    const message = await refusalOf(path)
    expect(message).toBe(
      'is a FIFO (named pipe), not a regular file: only a regular file (or a link to one) is read',
    )
  })

  it('refuses a link to /dev/zero as a device, reading nothing', async () => {
    const path = join(tempDir(), 'db.json')
    symlinkSync('/dev/zero', path)
    expect(await refusalOf(path)).toMatch(/^is a character device, not a regular file/)
  })

  it('refuses a directory and a socket', async () => {
    const dir = tempDir()
    const folder = join(dir, 'folder.json')
    mkdirSync(folder)
    expect(await refusalOf(folder)).toMatch(/^is a directory, not a regular file/)
    const socketPath = join(dir, 'db.sock')
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
    try {
      expect(await refusalOf(socketPath)).toMatch(/^is a socket, not a regular file/)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('refuses a file over the cap by its size, and reads one at the cap', async () => {
    const dir = tempDir()
    const text = JSON.stringify({ Comments: [{ Key: 'a'.repeat(1000) }] })
    const path = fileIn(dir, text)
    expect(await refusalOf(path, text.length - 1)).toMatch(/^is 0\.0 MiB, over the limit of/)
    const scenario = await readDataFile(path, text.length)
    expect(scenario.fixtures).toEqual({ Comments: [{ Key: 'a'.repeat(1000) }] })
  })

  it('refuses a link to /etc/passwd with a position, never its text', async () => {
    const path = join(tempDir(), 'db.json')
    symlinkSync('/etc/passwd', path)
    const message = await refusalOf(path)
    expect(message).toBe('is not JSON: unexpected character at line 1 column 1')
    expect(message).not.toContain('root')
  })

  it('names the line and column where the JSON breaks, without quoting it', async () => {
    const path = fileIn(tempDir(), '{"Comments": [\n  {"Key": secret-value}\n]}')
    const message = await refusalOf(path)
    expect(message).toBe('is not JSON: unexpected character at line 2 column 11')
    expect(message).not.toContain('secret')
  })

  it('reads a link to a regular file, and a file with a byte order mark', async () => {
    const dir = tempDir()
    const target = fileIn(dir, '\ufeff{"Comments": [{"Key": "k"}]}', 'real.json')
    const link = join(dir, 'db.json')
    symlinkSync(target, link)
    expect((await readDataFile(link)).fixtures).toEqual({ Comments: [{ Key: 'k' }] })
  })

  it('refuses JSON that is not an object', async () => {
    const path = fileIn(tempDir(), '[1, 2]')
    expect(await refusalOf(path)).toBe('expected a JSON object in the /__mock/state shape')
  })
})

describe('parseJsonText', () => {
  it.each([
    { text: '', message: 'is not JSON: expected a value at line 1 column 1' },
    {
      text: '{"a":1,}',
      message: 'is not JSON: expected a property name in double quotes at line 1 column 8',
    },
    { text: '{"a":1}}', message: 'is not JSON: unexpected text after the JSON at line 1 column 8' },
    {
      text: '{"a": "b\u0001"}',
      message: 'is not JSON: a control character in a string at line 1 column 7',
    },
    {
      text: '{\n"a": [1, /* x */ 2]}',
      message: 'is not JSON: a comment, which JSON does not allow at line 2 column 10',
    },
    { text: '{"password": "hunter2"', message: "is not JSON: expected '}' at line 1 column 23" },
  ])('reports $message', ({ text, message }) => {
    expect(() => parseJsonText(text)).toThrow(message)
    expect(() => parseJsonText(text)).not.toThrow(/hunter2/)
  })
})
