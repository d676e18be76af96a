import type { DtoDef } from '../model/index.ts'
import type { RequestContext } from './request-context.ts'

export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const
export type HttpMethod = (typeof httpMethods)[number]

/** One ServiceStack operation: its route, its DTOs and its resolver. */
export interface Operation {
  readonly method: HttpMethod
  /** The route below the base path; `{name}` segments are path variables. */
  readonly route: string
  readonly requestDto: DtoDef
  readonly responseDto: DtoDef
  resolve(ctx: RequestContext): Promise<Response>
}

/** A route of the mock's own (`/__mock/...`): a plain request-to-response function. */
export type ControlResolver = (request: Request, url: URL) => Promise<Response | undefined>
