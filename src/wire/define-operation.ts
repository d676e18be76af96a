import type { DtoDef, DtoValue } from '../model/index.ts'
import type { StateFullError, Store } from '../store/index.ts'
import type { RequestContext } from './request-context.ts'
import { ServiceError } from './answer/service-error.ts'
import type { BackendCheck } from './login-state.ts'

export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
export type HttpMethod = (typeof httpMethods)[number]

/** What an operation is written as: its route, its DTOs, its documentation, its sample, its logic. */
export interface OperationSpec<Req extends DtoDef, Res extends DtoDef> {
  readonly method: HttpMethod
  /**
   * The route below the base path; `{name}` segments are path variables, bound into the
   * request DTO's field of that name (body < path < query < form).
   */
  readonly route: string
  readonly request: Req
  readonly response: Res
  /** One line for OpenAPI and the metadata: what the operation does. */
  readonly summary: string
  /**
   * The real host's service class, which its 405 for a verb the service has no method for names
   * (`CommentWebService`); `<Request>Service` when the sources do not say.
   */
  readonly service?: string
  /**
   * The real service method returns `object`, so ServiceStack knows no response type: the native
   * types write no return marker and the metadata page no answer (ServiceController.cs l.156–165).
   */
  readonly returnsObject?: boolean
  /**
   * The real service demands a back-end user: in its method (`service`) or in a request filter
   * on its class (`filter`). Behind the login wall (`--auth claims|forms`) anyone else is
   * answered as the host answers them (login-wall.ts); with `--auth off` nothing changes.
   */
  readonly backendUser?: BackendCheck
  /** What an error status means for this operation, where it says more than the general text (OpenAPI). */
  readonly errors?: OperationErrors
  /**
   * The operation's one sample: OpenAPI, the metadata pages and the tests (the format matrix
   * among them) all take it from here.
   */
  readonly example: OperationExampleSpec
  /**
   * The operation's logic, given the fields the client sent (read and bound in any format):
   * the answer's DTO, or the `ServiceError` the real service would raise.
   */
  resolve(
    ctx: RequestContext,
    input: Partial<DtoValue<Req>>,
  ): DtoValue<Res> | ServiceError | Promise<DtoValue<Res> | ServiceError>
}

/** The error statuses every operation may answer, as OpenAPI lists them. */
export const errorStatuses = ['400', '404', '413', '500'] as const
export type ErrorStatus = (typeof errorStatuses)[number]
export type OperationErrors = Readonly<Partial<Record<ErrorStatus, string>>>

/** An operation's sample: where it is sent, and what is sent and answered. */
export interface OperationExampleSpec {
  /**
   * Values of the route's path variables that are no field of the request DTO (`{ product: 'cms' }`);
   * the others come from the sample request's fields.
   */
  readonly path?: Readonly<Record<string, string>>
  /**
   * A request the operation answers with 200 on the seeded state, and that answer. It must not
   * change the store: the metadata pages make it on every view.
   */
  sample(store: Store): OperationExample
}

/** A sample exchange of an operation, as values of its request and response DTOs. */
export interface OperationExample {
  readonly request: object
  readonly response: object
}

/** One ServiceStack operation, as the dispatch routes and runs it. */
export interface Operation {
  readonly method: HttpMethod
  readonly route: string
  readonly requestDto: DtoDef
  readonly responseDto: DtoDef
  readonly summary: string
  /** The real host's service class (see `OperationSpec.service`). */
  readonly service: string
  /** No response type on the real host (see `OperationSpec.returnsObject`). */
  readonly returnsObject: boolean
  /** Where the real service demands a back-end user, or null (see `OperationSpec.backendUser`). */
  readonly backendUser: BackendCheck | null
  readonly errors: OperationErrors
  readonly example: OperationExampleSpec
  /** See `OperationSpec.resolve`: given the fields read and bound. */
  resolve(
    ctx: RequestContext,
    input: Record<string, unknown>,
  ): object | ServiceError | Promise<object | ServiceError>
}

/** A write past the state's limit, as IIS answers a full disk: `507 InsufficientStorage`. */
export function stateFullError(error: StateFullError): ServiceError {
  return new ServiceError(507, 'InsufficientStorage', error.message)
}

/**
 * An operation from its spec: the request is read and bound (path variables too) before
 * `resolve` runs, and what it returns is written in the negotiated format.
 * @example export const ping = defineOperation({ method: 'GET', route: '/ping', request: Ping, response: Pong, summary: 'Answers pong', example: { sample: () => ({ request: {}, response: { Ok: true } }) }, resolve: () => ({ Ok: true }) })
 */
export function defineOperation<Req extends DtoDef, Res extends DtoDef>(
  spec: OperationSpec<Req, Res>,
): Operation {
  return {
    method: spec.method,
    route: spec.route,
    requestDto: spec.request,
    responseDto: spec.response,
    summary: spec.summary,
    service: spec.service ?? `${spec.request.name}Service`,
    returnsObject: spec.returnsObject ?? false,
    backendUser: spec.backendUser ?? null,
    errors: spec.errors ?? {},
    example: spec.example,
    // The pipeline reads and binds the request before it runs (pipeline.ts, steps 4 to 6).
    resolve: spec.resolve as Operation['resolve'],
  }
}

/**
 * The operation's route with its path variables filled in: from the example's `path`, else
 * from the sample request's field of that name (a variable with neither keeps its name). The
 * path its sample is sent to, below the base path.
 * @example exampleRoute(containersInfo) // '/cms/inlineediting/containersInfo'
 */
export function exampleRoute(
  operation: Pick<Operation, 'route' | 'example'>,
  request: object = {},
): string {
  const values = operation.example.path ?? {}
  const fields = request as Readonly<Record<string, unknown>>
  return operation.route.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const field = fields[name]
    const value = values[name] ?? (typeof field === 'string' ? field : undefined) ?? name
    return encodeURIComponent(value)
  })
}
