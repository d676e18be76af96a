// The messages of the dashboard's channel: the dashboard of the page's home asks over it
// (src/tools/dashboard/channel-fetch.ts) and a tab running the mock answers
// (src/browser/control-channel.ts). Declared in the core, which the tool builds on.

/** The channel of the page's home (src/browser/control-channel.ts answers on it). */
export const controlChannelName = 'restapi-mock:control'

/** A control request as the dashboard sends it over the channel (src/browser/control-channel.ts). */
export interface ChannelRequest {
  readonly type: 'request'
  readonly id: string
  /** The tab that answered last: only it answers; absent, every tab running the mock does. */
  readonly to: string | null
  readonly method: string
  readonly path: string
  readonly body: string | null
}

/** A tab's answer to one `ChannelRequest`. */
export interface ChannelAnswer {
  readonly type: 'answer'
  readonly id: string
  /** The answering tab's id. */
  readonly from: string
  readonly status: number
  readonly text: string
}

/** A tab that stops running the mock (`pagehide`) says so, so no one waits for its answer. */
export interface ChannelGone {
  readonly type: 'gone'
  readonly from: string
}

export type ChannelMessage = ChannelRequest | ChannelAnswer | ChannelGone
