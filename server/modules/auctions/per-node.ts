// What one server node keeps for its bids in memory (the bid queue, the integrity review lane,
// the outbid notices): one per database pool, since a pool is what one node has.
export function perNode<Pool extends object, T>(create: (pool: Pool) => T): (pool: Pool) => T {
  const made = new WeakMap<Pool, T>();
  return (pool) => {
    let value = made.get(pool);
    if (value === undefined) {
      value = create(pool);
      made.set(pool, value);
    }
    return value;
  };
}
