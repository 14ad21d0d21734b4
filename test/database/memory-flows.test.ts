import { memoryBackend } from './flow-backends.js'
import { databaseSessionFlows } from './session-flow-scenarios.js'

databaseSessionFlows(memoryBackend)
databaseSessionFlows(memoryBackend, 'hashed-accept-plain')
