import { completeDto, CreateService } from '../src/model/index.ts'
import type { Store } from '../src/store/index.ts'
import { errorResponse, readRequest, respond, type Operation } from '../src/wire/index.ts'

/** `POST /apiservice/createService`: store a service definition, answer it as stored. */
export function createServiceOperation(store: Store): Operation {
  return {
    method: 'POST',
    route: '/apiservice/createService',
    requestDto: CreateService,
    responseDto: CreateService,
    async resolve(ctx) {
      const read = await readRequest(ctx, CreateService)
      if (!read.ok) return read.response
      const input = read.value as Partial<CreateService>

      const route = input.Route?.trim() ?? ''
      if (route === '') {
        // As .NET's ArgumentNullException, whose ParamName becomes an Errors[] entry.
        return errorResponse(ctx, {
          status: 400,
          errorCode: 'ArgumentNullException',
          statusText: 'ArgumentNullException',
          message: 'Value cannot be null.\r\nParameter name: Route',
          errors: [{ FieldName: 'Route', Message: 'Value cannot be null.' }],
        })
      }
      if (store.state.services.has(route.toLowerCase())) {
        const message = `A service with the route '${route}' already exists.`
        return errorResponse(ctx, {
          status: 400,
          errorCode: 'ArgumentException',
          statusText: 'ArgumentException',
          message: `${message}\r\nParameter name: Route`,
          errors: [{ FieldName: 'Route', Message: message }],
        })
      }
      const service = completeDto(CreateService, { ...input, Route: route }, ctx.now)
      store.state.services.set(route.toLowerCase(), service)
      store.changed()
      return respond(ctx, CreateService, service)
    },
  }
}
