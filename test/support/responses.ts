import { expect } from 'vitest'

// Reading answers back. The error body is checked by its parsed fields here; its exact bytes
// are compared with the golden files (test/formats/golden), never rebuilt by hand.

/** The parsed JSON body, typed loosely for assertions. */
export async function readJson(response: Response): Promise<any> {
  const text = await response.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Error(`Failed to read JSON from a ${response.status} answer: ${text.slice(0, 200)}`)
  }
}

/** The `ResponseStatus` of a ServiceStack error body in JSON, for checks on its fields. */
export async function responseStatusOf(response: Response): Promise<Record<string, any>> {
  const body = await readJson(response)
  const status = (body as { ResponseStatus?: Record<string, any> }).ResponseStatus
  if (!status || typeof status !== 'object') {
    throw new Error(`Failed to find a ResponseStatus in ${JSON.stringify(body)}`)
  }
  return status
}

/** The mock's answer to a path or verb it has no route for: a plain-text 404, as the real host. */
export async function expectPlain404(response: Response): Promise<void> {
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toBe('text/plain')
  expect(await response.text()).toBe('404')
}
