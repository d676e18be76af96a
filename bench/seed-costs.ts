// `node_modules/.bin/node bench/seed-costs.ts`: what faker's own helpers cost against the
// seeds' replacements, in µs a call (docs/performance.md, "Seeding"). Bounded: a fixed number
// of calls each, in this process only.
import { faker } from '@faker-js/faker'
import { createSeededFaker, createSeededRandomizer, randomGuid } from '../seeds/index.ts'

function perCall(label: string, calls: number, call: (i: number) => unknown): void {
  for (let i = 0; i < calls; i++) call(i)
  const start = performance.now()
  for (let i = 0; i < calls; i++) call(i)
  const us = ((performance.now() - start) * 1000) / calls
  console.log(`${label.padEnd(40)} ${us.toFixed(2)} µs`)
}

const seeded = createSeededFaker()
const randomizer = createSeededRandomizer()
const names = seeded.rawDefinitions.person?.first_name?.generic ?? ['Alex']

perCall("faker's reseed (Mersenne Twister)", 20_000, (i) => faker.seed([1, 4, i]))
perCall("the seeds' reseed (sfc32)", 200_000, (i) => randomizer.seed([1, 4, i]))
perCall("faker's string.uuid()", 100_000, () => faker.string.uuid())
perCall("the seeds' randomGuid", 100_000, () => randomGuid(seeded))
perCall("faker's person.firstName()", 100_000, () => faker.person.firstName())
perCall("faker's internet.email()", 100_000, () => faker.internet.email())
perCall('a first name from the word list', 100_000, () => seeded.helpers.arrayElement(names))
perCall("faker's lorem.sentence()", 50_000, () => faker.lorem.sentence())
perCall("faker's hacker.phrase()", 50_000, () => faker.hacker.phrase())
