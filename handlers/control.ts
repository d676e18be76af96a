import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  type DtoDef,
} from '../src/model/index.ts'
import type { Store } from '../src/store/index.ts'
import {
  controlPath,
  defaultWriteOptions,
  writeJson,
  type ControlResolver,
} from '../src/wire/index.ts'

const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept' }

/**
 * The mock's own routes under `/__mock` (decisions.md section 6), written as plain resolvers so
 * they run the same in the Node server, the service worker and tests.
 */
export function createControl(store: Store): ControlResolver {
  return async (request, url) => {
    const path = url.pathname.slice(controlPath.length).replace(/\/+$/, '')
    if (request.method === 'GET' && path === '/state') {
      return new Response(stateJson(store), { status: 200, headers: jsonHeaders })
    }
    return new Response(
      JSON.stringify({
        ResponseStatus: {
          ErrorCode: 'NotFound',
          Message: `Failed to find a control route for ${request.method} ${url.pathname}`,
          Errors: [],
        },
      }),
      { status: 404, headers: jsonHeaders },
    )
  }
}

/** `{"ABTests":[…],"Services":[…],"Containers":[…],"Comments":[…]}`, each in its JSON wire form. */
export function stateJson(store: Store): string {
  const { state } = store
  const list = (def: DtoDef, values: Iterable<object>): string =>
    `[${Array.from(values, (value) => writeJson(def, value, defaultWriteOptions)).join(',')}]`
  return (
    `{"ABTests":${list(ABTestViewModel, state.abTests.values())}` +
    `,"Services":${list(CreateService, state.services.values())}` +
    `,"Containers":${list(ContainerInfoMessage, state.containers.values())}` +
    `,"Comments":${list(CommentResponse, state.comments.values())}}`
  )
}
