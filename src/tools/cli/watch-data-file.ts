import { watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import type { Mock } from '../../mock/index.ts'
import { readDataFile } from './data-file.ts'

/** How long the file must be quiet before it is read: an editor's save is several writes. */
const settleMs = 100

export interface DataFileWatch {
  close(): void
}

/**
 * `--watch`: reloads a `--data` file into the scenario `data` when it changes. The directory is
 * watched, not the file, so a save that writes a new file and renames it over the old one (as
 * most editors do) is seen too. A file that does not parse or bind is refused: the message
 * names the field, and the running state stays. A state in `data` takes the new entities at
 * once (its data only: latency and fault rules stay); a session in it takes them at its next
 * reset. The file is read asynchronously, and only a regular file up to 64 MiB (`readDataFile`):
 * a FIFO, a device or an oversized file is refused, naming it, and requests go on meanwhile.
 */
export function watchDataFile(
  path: string,
  mock: Mock,
  log: (line: string) => void,
): DataFileWatch {
  const name = basename(path)
  let timer: NodeJS.Timeout | undefined
  let closed = false
  // One read at a time: a change seen while the file is read starts one more read after it.
  let reading = false
  let again = false
  const refused = (message: string): void => {
    log(`restapi-mock: kept the running state: ${path}: ${message}`)
    mock.control.notices.add('error', `Kept the running state: ${name}: ${message}`)
  }
  const load = async (): Promise<void> => {
    let scenario
    try {
      scenario = await readDataFile(path)
    } catch (error) {
      if (!closed) refused((error as Error).message)
      return
    }
    if (closed) return
    const problem = mock.scenarios.define('data', scenario)
    if (problem) {
      refused(problem)
      return
    }
    if (mock.scenarios.current === 'data') mock.scenarios.reset()
    const counts = Object.entries(scenario.fixtures ?? {})
      .map(([kind, list]) => `${Array.isArray(list) ? list.length : 0} ${kind}`)
      .join(', ')
    log(`restapi-mock: reloaded ${path}: ${counts}`)
    mock.control.notices.add('info', `Reloaded ${name}: ${counts}`)
  }
  const reload = (): void => {
    timer = undefined
    if (reading) {
      again = true
      return
    }
    reading = true
    void load().finally(() => {
      reading = false
      if (again && !closed) {
        again = false
        reload()
      }
    })
  }
  const watcher = watch(dirname(path), (_event, changed) => {
    if (changed !== null && changed !== name) return
    clearTimeout(timer)
    timer = setTimeout(reload, settleMs)
  })
  // Never what keeps the process running: the server is.
  watcher.unref()
  return {
    close() {
      closed = true
      clearTimeout(timer)
      watcher.close()
    },
  }
}
