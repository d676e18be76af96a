import { ABTestViewModel, completeDto, type VariationViewModel } from '../src/model/index.ts'
import { defineOperation, parseGuid } from '../src/wire/index.ts'

/** `PUT /ab-testing`: create or update an A/B test, answer it as stored. */
export const updateABTest = defineOperation({
  method: 'PUT',
  route: '/ab-testing',
  request: ABTestViewModel,
  response: ABTestViewModel,
  summary: 'Create or update an A/B test; answers it as stored',
  // No service class in the decompiled CMS serves this route: the 405 names `<Request>Service`.
  example: {
    sample(store) {
      // An update answers the test as stored.
      const stored = store.state.abTests.values().next().value ?? {}
      return { request: stored, response: stored }
    },
  },
  resolve(ctx, input) {
    const { store } = ctx
    const id = input.Id?.trim() ?? ''
    const stored = id === '' ? undefined : store.state.abTests.get(id.toLowerCase())
    // Present fields replace stored ones (an explicit null clears); absent fields keep theirs.
    // No Id (the spec's sample sends none) creates a test; an unknown Id is stored under it.
    const merged = completeDto(
      ABTestViewModel,
      { ...stored, ...input, Id: id === '' ? store.newGuid('ab-test') : (stored?.Id ?? id) },
      ctx.now,
    )
    merged.LastModified = ctx.now
    if (merged.Variations)
      merged.Variations = markWinner(merged.Variations, merged.WinnerVariationId)
    store.state.abTests.set(merged.Id.toLowerCase(), merged)
    store.changed()
    return merged
  },
})

/** `IsWinner` is the server's: true exactly for the variation whose Id is `WinnerVariationId`. */
function markWinner(
  variations: VariationViewModel[],
  winnerId: string | null,
): VariationViewModel[] {
  return variations.map((variation) => ({
    ...variation,
    IsWinner: winnerId !== null && parseGuid(variation.Id ?? '') === winnerId,
  }))
}
