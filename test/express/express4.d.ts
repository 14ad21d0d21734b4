// `express4` is Express 4 installed under an npm alias for the tests; its shape here is Express 5's, which covers
// everything the tests use.
declare module 'express4' {
  import express from 'express'
  export default express
}
