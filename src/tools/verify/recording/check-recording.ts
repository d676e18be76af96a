import { checkHar, type Har } from '../../../mock/replay/index.ts'

/**
 * A recording checked for what verify and import read, beyond what replaying needs
 * (`checkHar`): each entry's request and response headers as lists, and its response content.
 * Throws an Error naming the file and the entry: `rec.har: entry 3: response.content is missing`.
 */
export function checkRecording(document: unknown, name: string): Har {
  const har = checkHar(document, name)
  har.log.entries.forEach((entry, index) => {
    const problem = entryProblem(entry as unknown as Record<string, Record<string, unknown>>)
    if (problem) throw new Error(`${name}: entry ${index}: ${problem}`)
  })
  return har
}

function entryProblem(entry: Record<string, Record<string, unknown>>): string | undefined {
  const { request, response } = entry
  if (!Array.isArray(request?.headers)) return 'request.headers is missing'
  for (const [index, header] of (request.headers as unknown[]).entries()) {
    const { name, value } = (header ?? {}) as Record<string, unknown>
    if (typeof name !== 'string' || typeof value !== 'string')
      return `request.headers[${index}] is not a name and a value`
  }
  if (!Array.isArray(response?.headers)) return 'response.headers is missing'
  if (typeof response.statusText !== 'string') return 'response.statusText is missing'
  const content = response.content
  if (typeof content !== 'object' || content === null) return 'response.content is missing'
  return undefined
}
