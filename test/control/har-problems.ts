// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the required fields and their types.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every way a document falls short of HAR 1.2: required fields missing or of the wrong type,
 * optional ones of the wrong type, and `time` not the sum of the timings. Empty when valid.
 */
export function harProblems(document: unknown): string[] {
  const problems: string[] = []
  const need = (
    where: string,
    object: Json,
    field: string,
    type: 'string' | 'number' | 'array' | 'object',
    optional = false,
  ): unknown => {
    const value = object[field]
    if (value === undefined) {
      if (!optional) problems.push(`${where}.${field} is missing`)
      return undefined
    }
    const ok =
      type === 'array'
        ? Array.isArray(value)
        : type === 'object'
          ? isObject(value)
          : typeof value === type && (type !== 'number' || Number.isFinite(value))
    if (!ok) problems.push(`${where}.${field} is not a ${type}: ${JSON.stringify(value)}`)
    return ok ? value : undefined
  }
  const nameValues = (where: string, list: unknown): void => {
    if (!Array.isArray(list)) return
    list.forEach((item: unknown, index) => {
      const at = `${where}[${index}]`
      if (!isObject(item)) return void problems.push(`${at} is not an object`)
      need(at, item, 'name', 'string')
      need(at, item, 'value', 'string')
    })
  }

  if (!isObject(document)) return ['the document is not an object']
  const log = need('', document, 'log', 'object') as Json | undefined
  if (!log) return problems
  if (log.version !== '1.2') problems.push(`log.version is ${JSON.stringify(log.version)}`)
  const creator = need('log', log, 'creator', 'object') as Json | undefined
  if (creator) {
    need('log.creator', creator, 'name', 'string')
    need('log.creator', creator, 'version', 'string')
  }
  need('log', log, 'pages', 'array', true)
  const entries = need('log', log, 'entries', 'array') as unknown[] | undefined
  entries?.forEach((raw, index) => {
    const at = `log.entries[${index}]`
    if (!isObject(raw)) return void problems.push(`${at} is not an object`)
    const started = need(at, raw, 'startedDateTime', 'string') as string | undefined
    if (
      started !== undefined &&
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(started)
    )
      problems.push(`${at}.startedDateTime is not ISO 8601: ${started}`)
    const time = need(at, raw, 'time', 'number') as number | undefined
    if (time !== undefined && time < 0) problems.push(`${at}.time is negative`)

    const request = need(at, raw, 'request', 'object') as Json | undefined
    if (request) {
      const r = `${at}.request`
      need(r, request, 'method', 'string')
      const url = need(r, request, 'url', 'string') as string | undefined
      if (url !== undefined && !URL.canParse(url)) problems.push(`${r}.url is not absolute`)
      need(r, request, 'httpVersion', 'string')
      need(r, request, 'cookies', 'array')
      nameValues(`${r}.headers`, need(r, request, 'headers', 'array'))
      nameValues(`${r}.queryString`, need(r, request, 'queryString', 'array'))
      const postData = need(r, request, 'postData', 'object', true) as Json | undefined
      if (postData) {
        need(`${r}.postData`, postData, 'mimeType', 'string')
        const text = need(`${r}.postData`, postData, 'text', 'string', true)
        const params = need(`${r}.postData`, postData, 'params', 'array', true)
        if ((text === undefined) === (params === undefined))
          problems.push(`${r}.postData needs exactly one of text and params`)
      }
      need(r, request, 'headersSize', 'number')
      need(r, request, 'bodySize', 'number')
    }

    const response = need(at, raw, 'response', 'object') as Json | undefined
    if (response) {
      const r = `${at}.response`
      need(r, response, 'status', 'number')
      need(r, response, 'statusText', 'string')
      need(r, response, 'httpVersion', 'string')
      need(r, response, 'cookies', 'array')
      nameValues(`${r}.headers`, need(r, response, 'headers', 'array'))
      const content = need(r, response, 'content', 'object') as Json | undefined
      if (content) {
        need(`${r}.content`, content, 'size', 'number')
        need(`${r}.content`, content, 'mimeType', 'string')
        need(`${r}.content`, content, 'text', 'string', true)
      }
      need(r, response, 'redirectURL', 'string')
      need(r, response, 'headersSize', 'number')
      need(r, response, 'bodySize', 'number')
    }

    need(at, raw, 'cache', 'object')
    const timings = need(at, raw, 'timings', 'object') as Json | undefined
    if (timings) {
      let sum = 0
      for (const [name, optional] of [
        ['blocked', true],
        ['dns', true],
        ['connect', true],
        ['send', false],
        ['wait', false],
        ['receive', false],
        ['ssl', true],
      ] as const) {
        const value = need(`${at}.timings`, timings, name, 'number', optional) as number | undefined
        if (value === undefined) continue
        if (value < -1 || (!optional && value < 0))
          problems.push(`${at}.timings.${name} is out of range: ${value}`)
        // `ssl` is included in `connect`; -1 means "does not apply".
        if (value > 0 && name !== 'ssl') sum += value
      }
      // "time: the sum of all timings available in the timings object (not including -1)."
      if (time !== undefined && Math.abs(sum - time) > 2)
        problems.push(`${at}.time ${time} is not the sum of its timings ${sum}`)
    }
    need(at, raw, 'comment', 'string', true)
  })
  return problems
}
