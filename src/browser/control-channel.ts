// The page's half of the dashboard's channel (src/tools/dashboard/channel-fetch.ts): a tab
// that runs the mock answers the control requests of a dashboard open in another tab.
import {
  controlChannelName,
  type ChannelAnswer,
  type ChannelMessage,
  type ChannelRequest,
} from '../control/channel-messages.ts'
import { loginCookie } from '../wire/index.ts'

export interface ControlChannelOptions {
  /** Answers one control request, as the mock answers a fetch of the page. */
  readonly answer: (request: Request) => Promise<Response>
  /** The channel's name; default the dashboard's. */
  readonly name?: string
}

/**
 * Answers the dashboards of the origin's other tabs over a BroadcastChannel; returns the stop.
 * Only control paths (`/__mock/...`) are taken: the channel is no way around the page's fetch.
 * @example const stop = answerControlChannel({ answer: (request) => mock.dispatch(request) })
 */
export function answerControlChannel(options: ControlChannelOptions): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined
  const channel = new BroadcastChannel(options.name ?? controlChannelName)
  const tab = crypto.randomUUID()
  const onMessage = (event: MessageEvent<ChannelMessage | null>): void => {
    const message = event.data
    if (message?.type !== 'request' || (message.to !== null && message.to !== tab)) return
    if (!/^\/__mock(?:[/?]|$)/.test(message.path)) return
    void reply(message)
  }
  const reply = async (message: ChannelRequest): Promise<void> => {
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
  const onHide = (): void => channel.postMessage({ type: 'gone', from: tab } as ChannelMessage)
  channel.addEventListener('message', onMessage)
  addEventListener('pagehide', onHide)
  return () => {
    onHide()
    removeEventListener('pagehide', onHide)
    channel.close()
  }
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
