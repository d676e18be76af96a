// A user's app before `restapi-mock init`: it updates the comment the page's ?key= names
// through its CMS's /RestApi, as in production, and shows the answer. init puts the
// development-only start of the mock after this import.
import { showAnswer } from './show-answer.ts'

document.body.dataset.rendered = 'true'
document.querySelector('#home')!.textContent = String(import.meta.env.VITE_RESTAPI_MOCK ?? 'none')
const key = new URLSearchParams(location.search).get('key') ?? 'no-key'
const response = await fetch('/RestApi/comments-api/comments', {
  method: 'PUT',
  headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  body: JSON.stringify({ Key: key, Name: 'Moderator' }),
}).catch(() => null)
showAnswer(response?.status ?? 0, response ? await response.text() : 'no answer')
