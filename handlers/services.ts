import { completeDto, CreateService } from '../src/model/index.ts'
import { defineOperation, ServiceError } from '../src/wire/index.ts'

/** `POST /apiservice/createService`: store a service definition, answer it as stored. */
export const createService = defineOperation({
  method: 'POST',
  route: '/apiservice/createService',
  request: CreateService,
  response: CreateService,
  summary: 'Create a service definition; answers it as stored',
  // No service class in the decompiled CMS serves this route: the 405 names `<Request>Service`.
  example: {
    sample(store) {
      // A stored service under a route no service has yet (a stored route would be refused);
      // the spec does not show this answer: the mock's own, the stored entity, stands for it.
      const stored = store.state.services.values().next().value ?? {}
      let route = '/api/example'
      for (let n = 2; store.state.services.has(route.toLowerCase()); n++)
        route = `/api/example-${n}`
      const sample = { ...stored, Route: route }
      return { request: sample, response: sample }
    },
  },
  resolve(ctx, input) {
    const route = input.Route?.trim() ?? ''
    if (route === '') {
      // As .NET's ArgumentNullException, whose ParamName becomes an Errors[] entry.
      return new ServiceError(
        400,
        'ArgumentNullException',
        'Value cannot be null.\r\nParameter name: Route',
        {
          errors: [{ FieldName: 'Route', Message: 'Value cannot be null.' }],
        },
      )
    }
    const { store } = ctx
    if (store.state.services.has(route.toLowerCase())) {
      const message = `A service with the route '${route}' already exists.`
      return new ServiceError(400, 'ArgumentException', `${message}\r\nParameter name: Route`, {
        errors: [{ FieldName: 'Route', Message: message }],
      })
    }
    const service = completeDto(CreateService, { ...input, Route: route }, ctx.now)
    store.state.services.set(route.toLowerCase(), service)
    store.changed()
    return service
  },
})
