import { Writable } from 'node:stream'
import type { RecordingIo } from '../../src/tools/verify/index.ts'

/** verify's and import's streams, kept as text for a test to read. */
export function captured(): RecordingIo & { out(): string; err(): string } {
  let out = ''
  let err = ''
  const sink = (add: (text: string) => void): Writable =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        add(chunk.toString())
        done()
      },
    })
  return {
    stdout: sink((text) => (out += text)),
    stderr: sink((text) => (err += text)),
    out: () => out,
    err: () => err,
  }
}
