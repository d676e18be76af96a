import type { LocaleDefinition } from '@faker-js/faker'
import { faker as english } from '@faker-js/faker/locale/en'

// The only definitions the seeds read, taken from faker's English locale (its merged view, as
// the seeds' faker saw it before). faker ships that locale as one object no bundler can
// tree-shake, so the package build (tsdown.config.ts) replaces this module by the value it
// computes, and a browser bundle carries these lists instead of the whole locale. A seed that
// starts reading another definition fails loudly: the seeds' faker has no other locale to fall
// back on, and test/seed-locale.test.ts compares it with the whole English locale.
const { commerce, internet, person, word } = english.rawDefinitions

/**
 * What `commerce.department` and `productName`, `internet.domainName`, `person.firstName`,
 * `lastName` and `internet.username`, `word.noun` and `word.words` read, and the name and
 * e-mail lists the comments draw from directly.
 */
export const seedLocale: LocaleDefinition = {
  commerce: { department: commerce?.department, product_name: commerce?.product_name },
  internet: { domain_suffix: internet?.domain_suffix, free_email: internet?.free_email },
  person: {
    first_name: person?.first_name,
    last_name: person?.last_name,
    last_name_pattern: person?.last_name_pattern,
  },
  word: { ...word },
}
