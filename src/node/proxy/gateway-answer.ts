import { ServiceError, type FallbackAnswer } from '../../wire/index.ts'
import { forwardedHeaders } from './proxy-headers.ts'
import type { ProxyState } from './proxy-state.ts'
import type { UpstreamAnswer } from './upstream-answer.ts'

/** The upstream's answer as the mock gives it on, or the gateway's error when none came. */
export async function answerOf(
  proxy: ProxyState,
  answer: Promise<UpstreamAnswer>,
): Promise<FallbackAnswer | ServiceError> {
  const { name, options } = proxy
  try {
    const { status, statusText, headers: answerHeaders, body } = await answer
    return {
      status,
      statusText,
      ...forwardedHeaders(answerHeaders),
      // These statuses carry no body in a Response.
      body: status === 204 || status === 205 || status === 304 ? null : body,
    }
  } catch (error) {
    // Nothing came within the time-out: a gateway's 504, as nginx answers it.
    return timedOut(error)
      ? new ServiceError(
          504,
          'GatewayTimeout',
          `Failed to reach ${name}: no answer within ${options.timeoutMs} ms`,
        )
      : new ServiceError(
          502,
          'BadGateway',
          `Failed to reach ${name}: ${causeOf(error, options.timeoutMs)}`,
        )
  }
}

/** undici gave up waiting for the upstream's head. */
function timedOut(error: unknown): boolean {
  return (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT'
}

function causeOf(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string }).code
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `no answer within ${timeoutMs} ms`
  return error instanceof Error ? error.message : String(error)
}
