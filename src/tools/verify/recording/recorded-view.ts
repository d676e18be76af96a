import { decodeBase64, type HarEntry } from '../../../mock/replay/index.ts'
import type { AnswerView } from './compare-answers.ts'

/**
 * The end of a body the mock's journal cut short (journal-slot.ts: 4 KB of each body are kept):
 * such a body is not there to compare, as one the recorder did not keep.
 */
const journalCut = /… \(\d+ more characters\)$/

/** The recorded answer as compared: its body as text (base64 decoded), null when not kept whole. */
export function recordedView(entry: HarEntry): AnswerView {
  const { response } = entry
  const content = response.content as HarEntry['response']['content'] | undefined
  const text = content?.text
  const body =
    text === undefined || (content?.encoding !== 'base64' && journalCut.test(text))
      ? null
      : content?.encoding === 'base64'
        ? new TextDecoder().decode(decodeBase64(text))
        : text
  return {
    status: response.status,
    statusText: response.statusText ?? '',
    headers: (response.headers ?? []).map(({ name, value }) => [name, value] as const),
    body,
  }
}
