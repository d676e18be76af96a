export { bindDto, type BindResult, type FieldIssue } from './bind-dto.ts'
export { codecs, type Codec, type ReadContext, type WriteContext } from './codecs.ts'
export { resolveConfig, type MockConfig, type MockConfigOptions } from './config.ts'
export { DecodeError } from './decode-error.ts'
export {
  controlPath,
  createDispatch,
  type Dispatch,
  type DispatchHooks,
  type DispatchOptions,
  type DispatchReport,
} from './dispatch.ts'
export {
  errorResponse,
  internalErrorResponse,
  notFoundResponse,
  type ServiceError,
} from './errors.ts'
export { addHostHeaders, withHostHeaders, type HostHeaders } from './host-headers.ts'
export { formatOfContentType, formats, isFormat, mimeTypes, type Format } from './format.ts'
export { parseGuid } from './formats/guid.ts'
export { defaultWriteOptions, parseJsConfig, type WriteOptions } from './formats/jsconfig.ts'
export { readJson, writeJson } from './formats/json.ts'
export { formatWcfDate, parseDate } from './formats/wcf-date.ts'
export { defaultLimits, type Limits } from './limits.ts'
export { capList, cutText, fitList, listLimit, moreText, warningLimit } from './list-limit.ts'
export {
  createNegotiationMemo,
  negotiate,
  type Negotiated,
  type NegotiationInput,
  type NegotiationMemo,
} from './negotiate.ts'
export { httpMethods, type ControlResolver, type HttpMethod, type Operation } from './operation.ts'
export { readBodyText } from './read-body.ts'
export { readRequest, type ReadResult } from './read-request.ts'
export type { RequestContext, RequestTrace } from './request-context.ts'
export { headerSafe, respond } from './respond.ts'
export { utf8Length } from './utf8-length.ts'
export { readHeader } from './read-header.ts'
