import type { HarHeader } from '../mock/index.ts'

/** What a recording never keeps unless told to (`--record-secrets`). */
export const redacted = '<redacted>'

const secretHeaders = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key'])
/** Body fields holding a secret: an API key, or anything named like a password. */
const secretField = /^apikey$|password|passwd|secret/i

export function redactHeaders(headers: readonly HarHeader[]): HarHeader[] {
  return headers.map((header) =>
    secretHeaders.has(header.name.toLowerCase()) ? { name: header.name, value: redacted } : header,
  )
}

/** A JSON or form body with its secret fields replaced; any other body as it is. */
export function redactBody(text: string, mimeType: string): string {
  if (/json/i.test(mimeType)) {
    try {
      return JSON.stringify(redactValue(JSON.parse(text)))
    } catch {
      return text
    }
  }
  if (/x-www-form-urlencoded/i.test(mimeType)) {
    const form = new URLSearchParams(text)
    for (const name of new Set(form.keys())) {
      if (secretField.test(name)) form.set(name, redacted)
    }
    return form.toString()
  }
  return text
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      secretField.test(name) ? redacted : redactValue(field),
    ]),
  )
}
