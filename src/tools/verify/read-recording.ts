import { checkRecording } from './recording/index.ts'
import type { Har } from '../../mock/index.ts'
import { parseJsonText, readBoundedText } from '../cli/index.ts'

/** The most bytes a recording may hold for verify and import: DevTools exports keep bodies. */
export const maxRecordingBytes = 512 * 1024 * 1024

/**
 * A HAR file read and checked for what verify and import read, or an Error whose message is
 * one sentence naming the file and, where one is at fault, the entry.
 */
export async function readRecording(path: string): Promise<Har> {
  let text: string
  try {
    text = await readBoundedText(path, maxRecordingBytes)
  } catch (error) {
    throw new Error(`could not read ${path}: ${(error as Error).message}`)
  }
  let document: unknown
  try {
    document = parseJsonText(text)
  } catch (error) {
    throw new Error(`${path} ${(error as Error).message}`)
  }
  try {
    return checkRecording(document, path)
  } catch (error) {
    const message = (error as Error).message
    // `rec.har has no log.entries list`: a JSON file, but no HTTP Archive.
    throw new Error(message.includes('log.entries') ? `${message}: it is not HAR` : message)
  }
}
