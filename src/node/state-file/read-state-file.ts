import { existsSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { parseStateFile, replayStateLog, type ParsedStateFile } from '../../control/index.ts'
import { logName } from './state-file-names.ts'

/**
 * The state a state file holds: the file, with the changes of its log replayed (a last line cut
 * short left out). Throws an error naming the file or the log's line when either is broken.
 * @example const state = readStateFile('mock-state.json')
 */
export function readStateFile(path: string, now = new Date()): ParsedStateFile {
  return readWithLog(path, now).file
}

/** The file and its log replayed, with the log's bytes (the writer carries them on). */
export function readWithLog(path: string, now: Date): { file: ParsedStateFile; logBytes?: Buffer } {
  const file = parseStateFile(readFileSync(path, 'utf8'), now)
  const logPath = file.log === undefined ? undefined : logName(path, file.log)
  if (logPath === undefined || !existsSync(logPath)) return { file }
  const logBytes = readFileSync(logPath)
  return {
    file: replayStateLog(file, logBytes.toString('utf8'), now, basename(logPath)),
    logBytes,
  }
}
