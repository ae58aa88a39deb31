/**
 * The time the server's domain functions are given. Production reads the system clock; tests pass
 * their own `now` to the domain functions (publishDuePages, createPage…) instead of changing this.
 */
export function now(): Date {
  return new Date();
}
