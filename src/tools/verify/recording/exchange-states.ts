import type { MockConfigOptions, Operation } from '../../../wire/index.ts'
import type { HarEntry } from '../../../mock/replay/index.ts'
import {
  contentTypeOf,
  entityDtos,
  recordedEntity,
  type RecordedEntity,
} from './recorded-entities.ts'
import { recordedView } from './recorded-view.ts'
import { withImplied } from './implied-entities.ts'

/** A state to run an exchange in: the entities a recording shows, loaded as fixtures. */
export interface ExchangeState {
  readonly name: string
  readonly entities: readonly RecordedEntity[]
}

/**
 * The states to try, in turn, each with the entities those imply (implied-entities.ts): the
 * answer's entity, none, the request's entity. A 2xx answer that shows no entity it can read (an
 * HTML page, a body not kept) runs last with every entity the recording shows (`recording()`,
 * as import takes them): another answer may show the entity it worked on.
 */
export function exchangeStates(
  entry: HarEntry,
  operation: Operation,
  context: {
    readonly config: MockConfigOptions
    readonly recording: () => readonly RecordedEntity[]
  },
): ExchangeState[] {
  const { config } = context
  const dtos = entityDtos(operation)
  const xml = { xmlNamespaces: config.xmlNamespaces ?? {} }
  const list: ExchangeState[] = []
  const { response, request } = entry
  const answerText = recordedView(entry).body
  if (dtos.answer && response.status >= 200 && response.status < 300 && answerText !== null) {
    const entity = recordedEntity({
      text: answerText,
      contentType: contentTypeOf(response.headers, response.content?.mimeType),
      dto: dtos.answer,
      answer: true,
      config: xml,
    })
    if (entity) list.push({ name: "answer's entity", entities: withImplied(entity) })
  }
  const unread = list.length === 0 && response.status >= 200 && response.status < 300
  list.push({ name: 'no entity', entities: [] })
  const requestText = request.postData?.text
  if (dtos.request && requestText !== undefined && request.postData?.encoding !== 'base64') {
    const entity = recordedEntity({
      text: requestText,
      contentType: contentTypeOf(request.headers, request.postData?.mimeType),
      dto: dtos.request,
      answer: false,
      config: xml,
    })
    if (entity) list.push({ name: "request's entity", entities: withImplied(entity) })
  }
  if (unread && dtos.answer)
    list.push({ name: "recording's entities", entities: context.recording() })
  return list
}
