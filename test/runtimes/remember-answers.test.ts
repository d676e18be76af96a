import { describe, expect, it } from 'vitest'
import { rememberAnswers } from '../../src/node/server/remember-answers.ts'

function countingJudge(): { judged: string[]; judge: (value: string) => boolean } {
  const judged: string[] = []
  const judge = (value: string): boolean => {
    judged.push(value)
    return value.endsWith('.test')
  }
  return { judged, judge }
}

describe('rememberAnswers', () => {
  it('judges a value once, whether it was allowed or refused', () => {
    const { judged, judge } = countingJudge()
    const allowed = rememberAnswers(judge)
    expect([
      allowed('a.test'),
      allowed('b.example'),
      allowed('a.test'),
      allowed('b.example'),
    ]).toEqual([true, false, true, false])
    expect(judged).toEqual(['a.test', 'b.example'])
  })

  it('judges a long value every time instead of keeping it', () => {
    const { judged, judge } = countingJudge()
    const allowed = rememberAnswers(judge)
    const long = `${'x'.repeat(16_000)}.example`
    expect([allowed(long), allowed(long)]).toEqual([false, false])
    expect(judged).toHaveLength(2)
  })

  it('starts again past 256 distinct values, so the memo stays bounded', () => {
    const { judged, judge } = countingJudge()
    const allowed = rememberAnswers(judge)
    for (let i = 0; i <= 256; i++) allowed(`h${i}.example`)
    allowed('h0.example')
    expect(judged).toHaveLength(258)
  })
})
