import type { Dispatch, DispatchOptions } from './dispatch-options.ts'
import { createAnswerer } from './pipeline.ts'
import { controlPath } from './route/mock-paths.ts'

export type {
  Answered,
  Answerer,
  ControlResolver,
  Dispatch,
  DispatchHooks,
  DispatchOptions,
  Interception,
} from './dispatch-options.ts'

export { controlPath, createAnswerer }

/**
 * The pipeline (pipeline.ts) as a runtime's handler sees it: the Response, or undefined for a
 * request no route took, which another handler may still answer.
 */
export function createDispatch(options: DispatchOptions): Dispatch {
  const answer = createAnswerer(options)
  return async (request, host) => {
    const answered = await answer(request, host)
    return answered?.unmatched ? undefined : answered?.response
  }
}
