/** A plain-text `400 Bad Request`, closing the connection: a client that sent a broken request line or host. */
export function badRequest(reason: string): Response {
  return new Response(`Bad request: ${reason}\n`, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  })
}
