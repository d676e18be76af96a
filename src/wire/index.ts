export { toResponse, type Answer } from './answer/respond.ts'
export { addAnswerHeaders, withAnswerHeaders } from './answer/answer-headers.ts'
export { bindDto, type BindResult, type FieldIssue } from './request/bind-dto.ts'
export { resolveConfig, type MockConfig, type MockConfigOptions } from './config.ts'
export { DecodeError } from './request/decode-error.ts'
export {
  defineOperation,
  errorStatuses,
  exampleRoute,
  httpMethods,
  stateFullError,
  type ErrorStatus,
  type HttpMethod,
  type Operation,
  type OperationErrors,
  type OperationExample,
  type OperationExampleSpec,
  type OperationSpec,
} from './define-operation.ts'
export {
  controlPath,
  createAnswerer,
  createDispatch,
  type ControlResolver,
  type Answerer,
  type Answered,
  type Dispatch,
  type DispatchHooks,
  type DispatchOptions,
  type Interception,
} from './dispatch.ts'
export {
  errorBody,
  errorJson,
  errorResponse,
  internalErrorAnswer,
  notFoundAnswer,
} from './answer/errors.ts'

export { formatOfContentType, formats, isFormat, mimeTypes, type Format } from './formats/format.ts'
export {
  formatLists,
  formatListsOf,
  formatRegistry,
  type FormatLists,
  type FormatRow,
  type PageFormat,
} from './formats/format-registry.ts'
export { parseGuid } from './formats/guid.ts'
export { defaultWriteOptions, parseJsConfig, type WriteOptions } from './formats/jsconfig.ts'
export { readJson, writeJson } from './formats/json.ts'
export { jsvString } from './formats/jsv-write.ts'
export { readJsv } from './formats/jsv-read.ts'
export { formatWcfDate, parseDate } from './formats/wcf-date.ts'
export { defaultLimits, type Limits } from './request/limits.ts'
export type { Loose } from './request/loose.ts'
export {
  capList,
  cutText,
  fitList,
  listLimit,
  moreText,
  warningLimit,
} from './request/list-limit.ts'
export {
  negotiate,
  type Negotiated,
  type NegotiationInput,
  type NegotiationMemo,
} from './formats/format.ts'
export { readRequest } from './request/read-request.ts'
export {
  authModes,
  loginCookie,
  loginRoles,
  type ActiveLogin,
  type AuthMode,
  type BackendCheck,
  type LoginRole,
  type LoginState,
} from './login-state.ts'
export { readBodyText, RequestBody } from './request/request-body.ts'
export { continuedStream, type ReadSoFar } from './request/continued-stream.ts'
export type {
  AnswerSource,
  Exchange,
  HeaderName,
  RequestContext,
  RequestHost,
} from './request-context.ts'
export type { Fallback, FallbackAnswer } from './fallback.ts'
export {
  fetchHost,
  headerListOf,
  headerMapOf,
  RequestRecord,
  sessionOf,
  type RecordFacts,
} from './request-record.ts'
export { headerSafe, respond } from './answer/respond.ts'
export {
  compileRoutes,
  matchRoute,
  type Routable,
  type RouteMatch,
  type RouteTable,
  type RouteTableOptions,
} from './route/route-table.ts'
export { ServiceError, type ServiceErrorDetails } from './answer/service-error.ts'
export {
  readSessionId,
  sessionCookie,
  sessionHeader,
  sessionParam,
  splitUrl,
} from './request-record.ts'
export { utf8Length } from './request/utf8-length.ts'
export { writers, type Writer } from './answer/respond.ts'
export { escapeHtml } from './formats/html.ts'
export type { Surface, SurfacePage } from './surface.ts'
export { noRoute, type RouteFacts } from './per-request.ts'
export { WarningList } from './per-request.ts'
export { withNumberTokens } from './request/number-token.ts'
export {
  isMissWarning,
  missPrefix,
  onMissModes,
  type MissFinder,
  type MissQuery,
  type OnMiss,
} from './route/miss-prefix.ts'
export { lazyMissFinder, type LoadingMissFinder } from './route/lazy-miss-finder.ts'
export { closest, editDistance } from './route/edit-distance.ts'
export { hostRoutes, type HostRoute } from './route/host-routes.ts'
export { pipelineOf } from './pipeline.ts'
export {
  stageOrder,
  type Ended,
  type Next,
  type Pipeline,
  type Stage,
  type StageName,
} from './stage.ts'
