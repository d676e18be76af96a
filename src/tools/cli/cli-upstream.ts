import { readFileSync } from 'node:fs'
import { secretNamesWith } from '../../control/redact/index.ts'
import { createReplay, parseHar } from '../../mock/replay/index.ts'
import type { Fallback } from '../../wire/index.ts'
import { commaList } from '../../node/server/index.ts'
import {
  createHarRecorder,
  defaultProxyTimeoutMs,
  defaultRecordMaxBytes,
  type HarRecorder,
  type ProxyOptions,
} from '../../node/proxy/index.ts'

/** The command-line values of the options about a real host and its recordings. */
export interface UpstreamValues {
  readonly proxy?: string | undefined
  readonly 'proxy-timeout'?: string | undefined
  readonly 'proxy-insecure'?: boolean | undefined
  readonly passthrough?: string | undefined
  readonly record?: string | undefined
  readonly 'record-secrets'?: boolean | undefined
  readonly redact?: string[] | undefined
  readonly 'record-max-body'?: string | undefined
  readonly replay?: string[] | undefined
}

export interface Upstream {
  readonly proxy: ProxyOptions | undefined
  /** The replays, in the order given. */
  readonly fallbacks: Fallback[]
  readonly passthrough: string[] | undefined
  readonly recorder: HarRecorder | undefined
}

/** The largest `--record-max-body`: a body's base64 must stay far below V8's longest string. */
const maxRecordMaxBytes = 64 * 1024 * 1024

/**
 * `--proxy`, `--passthrough`, `--record` and `--replay` read and checked; a HAR file that does
 * not parse stops the start naming the entry (`fail` exits).
 */
export function readUpstream(values: UpstreamValues, fail: (message: string) => never): Upstream {
  const timeoutText = values['proxy-timeout'] ?? String(defaultProxyTimeoutMs)
  const timeoutMs = Number(timeoutText)
  if (!/^\d+$/.test(timeoutText) || timeoutMs < 1 || timeoutMs > 3_600_000) {
    fail(`--proxy-timeout must be a whole number of ms from 1 to 3600000, got '${timeoutText}'`)
  }
  const url = values.proxy
  if (url !== undefined && !/^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : '')) {
    fail(`--proxy must be an http or https URL, got '${url}'`)
  }
  if (url === undefined && values.passthrough !== undefined) {
    fail('--passthrough forwards to --proxy: give one')
  }
  if (url === undefined && values.record !== undefined)
    fail('--record records what --proxy forwards: give one')
  const maxText = values['record-max-body'] ?? String(defaultRecordMaxBytes)
  const recordMaxBytes = Number(maxText)
  if (!/^\d+$/.test(maxText) || recordMaxBytes > maxRecordMaxBytes) {
    fail(
      `--record-max-body must be a whole number of bytes from 0 to ${maxRecordMaxBytes}, got '${maxText}'`,
    )
  }
  const recorder = openRecorder(values, recordMaxBytes, fail)
  const fallbacks = readReplays(values, fail)
  return {
    proxy:
      url === undefined
        ? undefined
        : {
            url,
            timeoutMs,
            insecure: values['proxy-insecure'] === true,
            ...(recorder
              ? {
                  record: (exchange) => recorder.add(exchange),
                  recordMaxBytes,
                  recording: () => recorder.recording(),
                }
              : {}),
          },
    fallbacks,
    passthrough: values.passthrough === undefined ? undefined : commaList(values.passthrough),
    recorder,
  }
}

/** `--record`: the recorder of the file it names, or none without it. */
function openRecorder(
  values: UpstreamValues,
  recordMaxBytes: number,
  fail: (message: string) => never,
): HarRecorder | undefined {
  if (values.record === undefined) return undefined
  try {
    return createHarRecorder({
      path: values.record,
      keepSecrets: values['record-secrets'] === true,
      names: secretNamesWith(values.redact ?? []),
      maxBytes: recordMaxBytes,
      warn: (line) => process.stderr.write(`restapi-mock: ${line}\n`),
    })
  } catch (error) {
    const { message, code } = error as NodeJS.ErrnoException
    // Another mock's lock says what to do itself.
    fail(code === 'ELOCKED' ? message : `could not record: ${message}; give another file`)
  }
}

/** `--replay`: a fallback for each recording it names, each checked as it is read. */
function readReplays(values: UpstreamValues, fail: (message: string) => never): Fallback[] {
  return (values.replay ?? []).map((path) => {
    // Messages name it as `createHandlers` names a recording: `replay FILE: entry 3: …`.
    const name = `replay ${path}`
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch (error) {
      return fail(`${name}: could not read the file: ${(error as Error).message}`)
    }
    try {
      return createReplay(parseHar(text, name), path)
    } catch (error) {
      return fail((error as Error).message)
    }
  })
}
