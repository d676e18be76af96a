import { mockVersion, type Har, type HarEntry } from '../mock/index.ts'
import { createCoalescingWriter } from './coalescing-writer.ts'
import { redactBody, redactHeaders } from './redact.ts'
import { writeAtomically } from './write-atomically.ts'

export interface HarRecorder {
  add(entry: HarEntry): void
  /** Resolves once every entry added before the call is in the file. */
  flush(): Promise<void>
}

/**
 * `--record <file.har>`: every proxied exchange appended to a HAR 1.2 file, written as the
 * state file is (at most every 100 ms, one write at a time, to a temporary file renamed over
 * the old one, so the file is always whole). Secrets are redacted unless `keepSecrets`. The
 * entries are kept in memory for the rewrites: a recording is meant for a session's traffic.
 */
export function createHarRecorder(path: string, keepSecrets: boolean): HarRecorder {
  const entries: HarEntry[] = []
  const document = (): Har => ({
    log: { version: '1.2', creator: { name: 'restapi-mock', version: mockVersion }, entries },
  })
  const writer = createCoalescingWriter({
    write: () => writeAtomically(path, `${path}.${process.pid}.tmp`, [JSON.stringify(document())]),
    intervalMs: 100,
    onError: (error) =>
      process.stderr.write(
        `restapi-mock: failed to write the recording ${path}: ${error.message}\n`,
      ),
  })
  writer.changed()
  return {
    add(entry) {
      entries.push(keepSecrets ? entry : redacted(entry))
      writer.changed()
    },
    flush: () => writer.flush(),
  }
}

function redacted(entry: HarEntry): HarEntry {
  const { request, response } = entry
  const postData = request.postData
  return {
    ...entry,
    request: {
      ...request,
      headers: redactHeaders(request.headers),
      ...(postData?.text !== undefined && postData.encoding !== 'base64'
        ? { postData: { ...postData, text: redactBody(postData.text, postData.mimeType) } }
        : {}),
    },
    response: {
      ...response,
      headers: redactHeaders(response.headers),
      content:
        response.content.text !== undefined && response.content.encoding !== 'base64'
          ? {
              ...response.content,
              text: redactBody(response.content.text, response.content.mimeType),
            }
          : response.content,
    },
  }
}
