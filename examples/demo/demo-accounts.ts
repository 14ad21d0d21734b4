/** A demo user, with the password that is printed on the home page. */
export interface DemoAccount {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly password: string
}

/**
 * The demo's users. Their passwords are public on purpose (the home page shows them so anyone can try the demo);
 * they are hashed at start-up only to show how a real user store keeps them.
 */
export const demoAccounts: readonly DemoAccount[] = Object.freeze([
  { id: 'user-alice', name: 'Alice Liddell', email: 'alice@example.com', password: 'rabbit-hole-42' },
  { id: 'user-bob', name: 'Bob Builder', email: 'bob@example.com', password: 'can-we-fix-it-7' },
])
