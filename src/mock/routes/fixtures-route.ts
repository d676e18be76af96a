import { StateFullError, type Store } from '../../store/index.ts'
import { ServiceError, stateFullError, type MockConfig } from '../../wire/index.ts'
import { fail, jsonType, readJsonBody } from './control-answers.ts'
import { completeFixtures, fixturesJson, storeFixtures } from '../fixtures.ts'

/** `POST /__mock/fixtures`: 201 with the entities completed, or a 400 naming the field. */
export async function postFixtures(
  request: Request,
  store: Store,
  config: MockConfig,
): Promise<Response> {
  const body = await readJsonBody(request, config)
  if (body instanceof Response) return body
  const completed = completeFixtures(body, store, config.clock())
  if (completed instanceof ServiceError) {
    return fail(completed.status, completed.errorCode, completed.message)
  }
  try {
    storeFixtures(store, completed)
  } catch (error) {
    if (!(error instanceof StateFullError)) throw error
    const refused = stateFullError(error)
    return fail(refused.status, refused.errorCode, refused.message)
  }
  return new Response(fixturesJson(completed), {
    status: 201,
    headers: { 'Content-Type': jsonType },
  })
}
