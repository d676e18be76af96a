// The app under test: it calls the CMS's /RestApi on its own origin, as it does in production.
const byId = (id) => document.getElementById(id)

async function updateComment(body) {
  const response = await fetch('/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  const comment = await response.json()
  byId('status').value = String(response.status)
  byId('current').value = comment.Message ?? comment.ResponseStatus?.Message ?? ''
  // The CMS's Forms login wall: its message is a marker, then the URL to sign in at.
  const expired = /^\.\.::login\|session\|expired::\.\.(.*)$/.exec(comment.ResponseStatus?.Message)
  byId('signin').hidden = !expired
  if (expired) byId('signin-link').setAttribute('href', expired[1])
}

byId('edit').addEventListener('submit', (event) => {
  event.preventDefault()
  void updateComment({ Key: byId('key').value, Message: byId('message').value })
})
// A comment update naming only the key changes nothing and answers the stored comment.
byId('load').addEventListener('click', () => void updateComment({ Key: byId('key').value }))
