// The page's half of the dashboard's channel (src/tools/dashboard/channel-fetch.ts): a tab
// that runs the mock answers the control requests of a dashboard open in another tab.
import { controlChannelName, type ChannelMessage } from '../control/channel-messages.ts'

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
  let replying: Promise<typeof import('./channel-reply.ts')> | undefined
  const onMessage = (event: MessageEvent<ChannelMessage | null>): void => {
    const message = event.data
    if (message?.type !== 'request' || (message.to !== null && message.to !== tab)) return
    if (!/^\/__mock(?:[/?]|$)/.test(message.path)) return
    // The answering half loads when the first dashboard tab talks: most pages never see one.
    // One that cannot load is tried again at the next message; the dashboard meanwhile falls
    // back to its own copy of the mock, as for a tab that does not answer.
    replying ??= import('./channel-reply.ts').catch((error: unknown) => {
      replying = undefined
      throw error
    })
    void replying.then(({ replyOverChannel }) =>
      replyOverChannel(message, { channel, tab, answer: options.answer }),
    )
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
