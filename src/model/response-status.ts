import {
  defineDto,
  listField,
  nullable,
  objectField,
  stringField,
  stringMapField,
  type DtoValue,
} from './field.ts'

// ServiceStack's own error types (servicestack-wire.md section 8.1), in namespace ServiceStack.

const namespace = 'ServiceStack'

export const ResponseError = defineDto(
  'ResponseError',
  namespace,
  {
    ErrorCode: nullable(stringField()),
    FieldName: nullable(stringField()),
    Message: nullable(stringField()),
    Meta: nullable(stringMapField()),
  },
  { dataContract: true },
)
export type ResponseError = DtoValue<typeof ResponseError>

export const ResponseStatus = defineDto(
  'ResponseStatus',
  namespace,
  {
    ErrorCode: nullable(stringField()),
    Message: nullable(stringField()),
    StackTrace: nullable(stringField()),
    Errors: nullable(listField(objectField<ResponseError>(() => ResponseError))),
    Meta: nullable(stringMapField()),
  },
  { dataContract: true },
)
export type ResponseStatus = DtoValue<typeof ResponseStatus>

export const ErrorResponse = defineDto(
  'ErrorResponse',
  namespace,
  {
    ResponseStatus: nullable(objectField<ResponseStatus>(() => ResponseStatus)),
  },
  { dataContract: true },
)
export type ErrorResponse = DtoValue<typeof ErrorResponse>
