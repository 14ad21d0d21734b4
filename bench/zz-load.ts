import autocannon from 'autocannon'
import { freshSessionToken } from './session-scenarios.js'
const cookie = `authjs.session-token=${await freshSessionToken()}`
await new Promise((r) => setTimeout(r, 1500))
const r = await autocannon({
  url: 'http://127.0.0.1:39123/auth/session',
  headers: { cookie },
  connections: 32,
  duration: 6,
})
console.log('rps', r.requests.average, 'non2xx', r.non2xx)
