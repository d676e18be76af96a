import { DecodeError, errorJson, readBodyText, type MockConfig } from '../../wire/index.ts'

// The control routes answer JSON, whatever the request asked for: they are the mock's own API.

export const jsonType = 'application/json; charset=utf-8'

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': jsonType } })
}

export function noContent(): Response {
  return new Response(null, { status: 204 })
}

/** A control-plane error in the ServiceStack shape, so clients read errors one way. */
export function fail(status: number, errorCode: string, message: string): Response {
  return new Response(errorJson(errorCode, message), {
    status,
    headers: { 'Content-Type': jsonType },
  })
}

/** A JSON request body (null when empty), or the error to answer. */
export async function readJsonBody(request: Request, config: MockConfig): Promise<unknown> {
  try {
    const text = await readBodyText(request, config.limits.bodyBytes)
    return text.trim() === '' ? null : (JSON.parse(text) as unknown)
  } catch (error) {
    const status = error instanceof DecodeError ? error.status : 400
    return fail(
      status,
      'SerializationException',
      `Failed to read the request: ${(error as Error).message}`,
    )
  }
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
