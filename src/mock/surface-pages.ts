import {
  metadataIndex,
  operationPage,
  pageFormats,
  type PageFormat,
} from '../control/surface/metadata-pages.ts'
import { metadataTypes } from '../control/surface/metadata-types.ts'
import { metadataConfig, nativeTypeOptions } from '../control/surface/native-type-options.ts'
import { checkTypeScriptOptions } from '../control/surface/typescript-option-check.ts'
import { typeScriptTypes } from '../control/surface/typescript-types.ts'
import { MetadataTypes, TypeLinks } from '../model/metadata-types.ts'
import {
  errorResponse,
  respond,
  writers,
  type Answer,
  type Operation,
  type RequestContext,
} from '../wire/index.ts'

/**
 * ServiceStack 5's developer surface under the base path, generated from the operations' field
 * tables: `/types` (links), `/types/metadata` (negotiated), `/types/typescript` and
 * `/types/typescript.d` (text), `/metadata` and `/{format}/metadata?op=X` (HTML).
 */
export function surfacePages(
  operations: readonly Operation[],
  basePath: string,
): Record<string, (ctx: RequestContext) => Answer> {
  const baseUrl = (ctx: RequestContext): string => new URL(ctx.request.url).origin + basePath
  const pages: Record<string, (ctx: RequestContext) => Answer> = {
    types: (ctx) =>
      respond(ctx, TypeLinks, {
        Metadata: `${baseUrl(ctx)}/types/metadata`,
        TypeScript: `${baseUrl(ctx)}/types/typescript`,
        TypeScriptDefinition: `${baseUrl(ctx)}/types/typescript.d`,
      }),
    'types/metadata': (ctx) => {
      const options = nativeTypeOptions(ctx.query, baseUrl(ctx), true)
      const value = metadataTypes(operations, metadataConfig(options), options.addResponseStatus)
      return respond(ctx, MetadataTypes, value)
    },
    'types/typescript': (ctx) => typeScript(ctx, false),
    'types/typescript.d': (ctx) => typeScript(ctx, true),
    metadata: () => html(metadataIndex(basePath, operations)),
  }
  const typeScript = (ctx: RequestContext, definition: boolean): Answer => {
    const options = nativeTypeOptions(ctx.query, baseUrl(ctx), definition)
    const unsafe = checkTypeScriptOptions(options)
    if (unsafe) return errorResponse(ctx, unsafe)
    const metadata = metadataTypes(operations, metadataConfig(options), options.addResponseStatus)
    // An ordinary service's answer: the global `Vary: Accept` header is on it
    // (HttpResponseExtensionsInternal.cs l.171), unlike the metadata pages' (BaseMetadataHandler.cs l.29).
    const answer = text(typeScriptTypes(metadata, options, ctx.now))
    answer.headers.Vary = 'Accept'
    return answer
  }
  const operationOf =
    (format: PageFormat) =>
    (ctx: RequestContext): Answer => {
      const name = ctx.query.get('op')
      if (name === null) return html(metadataIndex(basePath, operations))
      const operation = operations.find(
        (each) => each.requestDto.name.toLowerCase() === name.toLowerCase(),
      )
      if (!operation)
        return {
          status: 404,
          statusText: undefined,
          headers: { 'Content-Type': 'text/plain' },
          body: `No operation named ${name}`,
        }
      const example = operation.example.sample(ctx.store)
      const write = writers[format]
      const samples = {
        request: write(operation.requestDto, example.request, ctx),
        response: operation.returnsObject
          ? null
          : write(operation.responseDto, example.response, ctx),
      }
      return html(
        operationPage(basePath, new URL(ctx.request.url).host, format, operation, samples),
      )
    }
  for (const format of pageFormats) pages[`${format}/metadata`] = operationOf(format)

  return pages
}

function html(body: string): Answer {
  return textAnswer('text/html; charset=utf-8', body)
}

function text(body: string): Answer {
  return textAnswer('text/plain; charset=utf-8', body)
}

function textAnswer(contentType: string, body: string): Answer {
  return { status: 200, statusText: undefined, headers: { 'Content-Type': contentType }, body }
}
