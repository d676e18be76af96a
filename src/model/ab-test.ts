import {
  boolField,
  dateField,
  defineDto,
  enumField,
  guidField,
  intField,
  listField,
  nullable,
  objectField,
  stringField,
  type DtoValue,
} from './field.ts'

// Field tables of the spec, sections 2.1 to 2.3 and 3.

export const abTestStatuses = ['NotStarted', 'Scheduled', 'Active', 'Stopped', 'Ended'] as const
export type ABTestStatus = (typeof abTestStatuses)[number]

export const goalTypes = ['NextPageView', 'FormSubmission', 'DecConversion'] as const
export type GoalType = (typeof goalTypes)[number]

const namespace = 'Cms.Services.ABTesting.ViewModels'

export const VariationViewModel = defineDto('VariationViewModel', namespace, {
  Id: nullable(stringField()),
  Name: nullable(stringField()),
  Distribution: intField(),
  IsOriginal: nullable(boolField()),
  Ordinal: intField(),
  PageDataId: nullable(stringField()),
  IsWinner: nullable(boolField()),
})
export type VariationViewModel = DtoValue<typeof VariationViewModel>

export const GoalViewModel = defineDto('GoalViewModel', namespace, {
  Id: nullable(stringField()),
  GoalType: nullable(enumField('GoalType', goalTypes)),
  GoalNameResourceKey: nullable(stringField()),
  PredicateOperator: nullable(stringField()),
  ObjectId: nullable(stringField()),
  ObjectName: nullable(stringField()),
  ObjectCulture: nullable(stringField()),
  IsPrimary: nullable(boolField()),
  Ordinal: intField(),
})
export type GoalViewModel = DtoValue<typeof GoalViewModel>

export const ABTestViewModel = defineDto('ABTestViewModel', namespace, {
  Id: stringField(),
  Title: nullable(stringField()),
  Description: nullable(stringField()),
  StartDate: nullable(dateField()),
  StopDate: nullable(dateField()),
  Page: stringField(),
  SiteId: stringField(),
  Culture: nullable(stringField()),
  Variations: nullable(listField(objectField<VariationViewModel>(() => VariationViewModel))),
  Goals: nullable(listField(objectField<GoalViewModel>(() => GoalViewModel))),
  ReportUrl: nullable(stringField()),
  LastModified: dateField(),
  Status: nullable(enumField('ABTestStatus', abTestStatuses)),
  Owner: nullable(stringField()),
  WinnerVariationId: nullable(guidField()),
  SelectedVariationId: nullable(guidField()),
  PageNodeErrorMessage: nullable(stringField()),
  WarningMessage: nullable(stringField()),
  ApiKey: nullable(stringField()),
  UserSegmentId: nullable(guidField()),
})
export type ABTestViewModel = DtoValue<typeof ABTestViewModel>
