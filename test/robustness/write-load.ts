import { parseStateFile } from '../../src/control/index.ts'
import { readStateFile } from '../../src/node/state-file/state-file.ts'
import { commentsPath, delay, rawRequest } from '../support/index.ts'

/** One comment update as its client saw it; times are this process's `performance.now()`. */
export interface SentWrite {
  readonly message: string
  /** Just before the request went out. */
  readonly sentAt: number
  /** When its 200 answer had arrived whole; undefined when it never did. */
  ackedAt?: number
}

export interface WriteLoad {
  /**
   * Per comment key (lower case), its updates in the order sent. One client owns each comment
   * and sends its next update only after the last one settled, so each list is also the order
   * in which the server applied them.
   */
  readonly sent: ReadonlyMap<string, readonly SentWrite[]>
  /** How many updates were answered 200 so far. */
  acked(): number
  /** Stops sending; resolves once every client's last request has settled. */
  stop(): Promise<void>
  /** Settles when every client has stopped: on `total`, on `stop()`, or at its first error. */
  readonly done: Promise<void>
}

export interface WriteLoadOptions {
  /** Distinct tag of this run's messages, so no value repeats across runs. */
  readonly tag: string
  readonly clients: number
  /** Updates in all, at most. */
  readonly total: number
  /** Each client's pause after an answer, to keep the load going for a while. */
  readonly pauseMs: number
}

/**
 * A bounded write load on 127.0.0.1: `clients` loops of comment updates with distinct Message
 * values, each client on its own share of the keys. A client stops at its first failed request:
 * the server is then going away.
 */
export function startWriteLoad(
  url: string,
  keys: readonly string[],
  options: WriteLoadOptions,
): WriteLoad {
  const sent = new Map<string, SentWrite[]>(keys.map((key) => [key.toLowerCase(), []]))
  let sending = true
  let count = 0
  let acked = 0
  const client = async (index: number): Promise<void> => {
    const mine = keys.filter((_, i) => i % options.clients === index)
    for (let round = 0; sending && count < options.total; round++) {
      const key = mine[round % mine.length] as string
      const write: SentWrite = {
        message: `${options.tag} ${key} #${round}`,
        sentAt: performance.now(),
      }
      sent.get(key.toLowerCase())?.push(write)
      count++
      try {
        const answer = await rawRequest(`${url}${commentsPath}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ Key: key, Message: write.message }),
        })
        if (answer.status !== 200) return
        write.ackedAt = performance.now()
        acked++
      } catch {
        return
      }
      await delay(options.pauseMs)
    }
  }
  const done = Promise.all(
    Array.from({ length: Math.min(options.clients, keys.length) }, (_, i) => client(i)),
  ).then(() => undefined)
  return {
    sent,
    acked: () => acked,
    stop: () => {
      sending = false
      return done
    },
    done,
  }
}

/** The Message of every comment in a state file, by lower-case key; throws if it does not parse. */
export function fileMessages(text: string): Map<string, string | null | undefined> {
  const snapshot = parseStateFile(text, new Date())
  return new Map(Array.from(snapshot.state.comments, ([key, comment]) => [key, comment.Message]))
}

/** The Message of every comment in a state file and its change log, by lower-case key. */
export function diskMessages(path: string): Map<string, string | null | undefined> {
  const snapshot = readStateFile(path, new Date())
  return new Map(Array.from(snapshot.state.comments, ([key, comment]) => [key, comment.Message]))
}
