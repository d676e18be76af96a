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
  const watching: Watching = {
    path,
    name: basename(path),
    mock,
    log,
    timer: undefined,
    closed: false,
    reading: false,
    again: false,
  }
  const watcher = watch(dirname(path), (_event, changed) => {
    if (changed !== null && changed !== watching.name) return
    clearTimeout(watching.timer)
    watching.timer = setTimeout(() => reload(watching), settleMs)
  })
  // Never what keeps the process running: the server is.
  watcher.unref()
  return {
    close() {
      watching.closed = true
      clearTimeout(watching.timer)
      watcher.close()
    },
  }
}

/** A data file watched: where it is, the mock it reloads, and the read under way. */
interface Watching {
  readonly path: string
  readonly name: string
  readonly mock: Mock
  readonly log: (line: string) => void
  timer: NodeJS.Timeout | undefined
  closed: boolean
  /** One read at a time: a change seen while the file is read starts one more read after it. */
  reading: boolean
  again: boolean
}

function refused(watching: Watching, message: string): void {
  watching.log(`restapi-mock: kept the running state: ${watching.path}: ${message}`)
  watching.mock.control.notices.add('error', `Kept the running state: ${watching.name}: ${message}`)
}

async function load(watching: Watching): Promise<void> {
  const { path, name, mock } = watching
  let scenario
  try {
    scenario = await readDataFile(path)
  } catch (error) {
    if (!watching.closed) refused(watching, (error as Error).message)
    return
  }
  if (watching.closed) return
  const problem = mock.scenarios.define('data', scenario)
  if (problem) {
    refused(watching, problem)
    return
  }
  if (mock.scenarios.current === 'data') mock.scenarios.reset()
  const counts = Object.entries(scenario.fixtures ?? {})
    .map(([kind, list]) => `${Array.isArray(list) ? list.length : 0} ${kind}`)
    .join(', ')
  watching.log(`restapi-mock: reloaded ${path}: ${counts}`)
  mock.control.notices.add('info', `Reloaded ${name}: ${counts}`)
}

function reload(watching: Watching): void {
  watching.timer = undefined
  if (watching.reading) {
    watching.again = true
    return
  }
  watching.reading = true
  void load(watching).finally(() => {
    watching.reading = false
    if (watching.again && !watching.closed) {
      watching.again = false
      reload(watching)
    }
  })
}
