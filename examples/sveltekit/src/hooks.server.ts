// Answers /auth/* and sets `event.locals.auth()` for every other request.
export { handle } from './auth'
