import { createServer } from 'node:http'
import { createAuth } from '../src/create-auth.js'
import { toNodeHandler } from '../src/integrations/node/index.js'
import Credentials from '../src/providers/credentials.js'
import { SECRET, USER } from './create-bench-systems.js'
const { handlers } = createAuth({
  providers: [Credentials({ credentials: {}, authorize: () => ({ ...USER }) })],
  secret: SECRET,
  trustHost: true,
})
createServer(toNodeHandler(handlers.GET)).listen(39123, '127.0.0.1')
setTimeout(() => process.exit(0), 9000)
