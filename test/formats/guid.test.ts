import { describe, expect, it } from 'vitest'
import { parseGuid } from '../../src/wire/formats/guid.ts'

// servicestack-wire.md section 6.4; decisions.md section 3: N, D, B and P forms are read,
// always written back as lowercase 8-4-4-4-12.

const dashed = '0123abcd-4567-89ef-0123-456789abcdef'

describe('parseGuid', () => {
  it.each<{ form: string; text: string }>([
    { form: 'N (32 digits)', text: '0123abcd456789ef0123456789abcdef' },
    { form: 'D (dashed)', text: '0123abcd-4567-89ef-0123-456789abcdef' },
    { form: 'B (braces)', text: '{0123abcd-4567-89ef-0123-456789abcdef}' },
    { form: 'P (parentheses)', text: '(0123abcd-4567-89ef-0123-456789abcdef)' },
    { form: 'uppercase D', text: '0123ABCD-4567-89EF-0123-456789ABCDEF' },
    { form: 'uppercase N', text: '0123ABCD456789EF0123456789ABCDEF' },
    { form: 'uppercase B', text: '{0123ABCD-4567-89EF-0123-456789ABCDEF}' },
    { form: 'mixed-case P', text: '(0123AbCd-4567-89eF-0123-456789aBcDeF)' },
    { form: 'D with surrounding spaces', text: '  0123abcd-4567-89ef-0123-456789abcdef  ' },
    {
      form: 'B with tabs and a newline around it',
      text: '\t{0123abcd-4567-89ef-0123-456789abcdef}\n',
    },
    { form: 'N with surrounding spaces', text: ' 0123abcd456789ef0123456789abcdef ' },
  ])('reads the $form form as lowercase 8-4-4-4-12', ({ text }) => {
    expect(parseGuid(text)).toBe(dashed)
  })

  it('reads the empty GUID', () => {
    expect(parseGuid('00000000000000000000000000000000')).toBe(
      '00000000-0000-0000-0000-000000000000',
    )
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'an empty string', text: '' },
    { behaviour: 'whitespace only', text: '   ' },
    { behaviour: '31 digits', text: '0123abcd456789ef0123456789abcde' },
    { behaviour: '33 digits', text: '0123abcd456789ef0123456789abcdef0' },
    {
      behaviour: 'a dashed form with a short last group',
      text: '0123abcd-4567-89ef-0123-456789abcde',
    },
    {
      behaviour: 'a dashed form with a long first group',
      text: '0123abcd0-4567-89ef-0123-456789abcdef',
    },
    { behaviour: 'dashes in the wrong places', text: '0123abc-d4567-89ef-0123-456789abcdef' },
    { behaviour: 'a non-hex digit in N', text: '0123abcd456789ef0123456789abcdeg' },
    { behaviour: 'a non-hex digit in D', text: '0123abcd-4567-89ef-0123-456789abcdez' },
    {
      behaviour: 'a brace opened and a parenthesis closed',
      text: '{0123abcd-4567-89ef-0123-456789abcdef)',
    },
    {
      behaviour: 'a parenthesis opened and a brace closed',
      text: '(0123abcd-4567-89ef-0123-456789abcdef}',
    },
    { behaviour: 'an opening brace only', text: '{0123abcd-4567-89ef-0123-456789abcdef' },
    { behaviour: 'a closing brace only', text: '0123abcd-4567-89ef-0123-456789abcdef}' },
    { behaviour: 'doubled braces', text: '{{0123abcd-4567-89ef-0123-456789abcdef}}' },
    { behaviour: 'square brackets', text: '[0123abcd-4567-89ef-0123-456789abcdef]' },
    { behaviour: 'braces around the N form', text: '{0123abcd456789ef0123456789abcdef}' },
    { behaviour: 'inner whitespace', text: '0123abcd-4567-89ef-0123- 456789abcdef' },
    { behaviour: 'plain words', text: 'not-a-guid' },
  ])('refuses $behaviour', ({ text }) => {
    expect(parseGuid(text)).toBeUndefined()
  })
})
