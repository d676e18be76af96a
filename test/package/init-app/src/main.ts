// A user's app before `restapi-mock init`: it calls its CMS's /RestApi as it would in
// production. init puts the development-only start of the mock after these imports.
import { showAnswer } from './show-answer.ts'

// The app has started (what a framework's first render would show).
document.body.dataset.rendered = 'true'

const state = await fetch('/__mock/state?kind=Comments&limit=1')
const { Comments } = (await state.json()) as { Comments: { Key: string }[] }
const response = await fetch('/RestApi/comments-api/comments', {
  method: 'PUT',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  body: JSON.stringify({ Key: Comments[0]?.Key, Message: 'Edited in the dev server' }),
})
showAnswer(response.status, await response.text())
