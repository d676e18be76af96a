// The answering half of the page's side of the dashboard's channel (control-channel.ts), loaded
// when the first dashboard tab talks.
import type { ChannelAnswer, ChannelRequest } from '../control/channel-messages.ts'
import { loginCookie } from '../wire/index.ts'

/** Where a tab answers: its channel, its id, and the mock's answer to a control request. */
export interface ChannelReply {
  readonly channel: BroadcastChannel
  readonly tab: string
  readonly answer: (request: Request) => Promise<Response>
}

/** Answers one control request of a dashboard over the channel, as the mock answers a fetch. */
export async function replyOverChannel(
  message: ChannelRequest,
  options: ChannelReply,
): Promise<void> {
  const { channel, tab } = options
  const request = new Request(new URL(message.path, location.origin), {
    method: message.method,
    headers: {
      Accept: 'application/json',
      ...(message.body === null ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(message.body === null ? {} : { body: message.body }),
  })
  let status = 500
  let text = ''
  try {
    const response = await options.answer(request)
    status = response.status
    text = await response.text()
  } catch (error) {
    text = JSON.stringify({
      ResponseStatus: { ErrorCode: 'Exception', Message: (error as Error).message },
    })
  }
  if (status < 300) keepLoginCookie(message, text)
  const answer: ChannelAnswer = { type: 'answer', id: message.id, from: tab, status, text }
  channel.postMessage(answer)
}

/**
 * A login's `Set-Cookie` cannot cross the channel, so the tab keeps the cookie itself, as the
 * browser keeps the server's: the app's next requests carry that login (the origin's cookies are
 * the dashboard's tab's too). A logout expires it.
 */
function keepLoginCookie(message: ChannelRequest, text: string): void {
  if (typeof document === 'undefined') return
  if (!/^\/__mock\/login(?:\?|$)/.test(message.path)) return
  if (message.method === 'DELETE') {
    document.cookie = `${loginCookie}=; Path=/; Max-Age=0; SameSite=Lax`
    return
  }
  if (message.method !== 'POST') return
  const token = (JSON.parse(text) as { Token?: unknown }).Token
  if (typeof token === 'string') document.cookie = `${loginCookie}=${token}; Path=/; SameSite=Lax`
}
