// The bid increment table and the minimum next bid of an auction, in integer cents.
//
// Bid increments were never specified; this is eBay's US table, the one
// buyers already know. The increment depends on the current price:
//
//   current price          increment
//   $0.00 –    $0.99         $0.05
//   $1.00 –    $4.99         $0.25
//   $5.00 –   $24.99         $0.50
//   $25.00 –  $99.99         $1.00
//   $100.00 – $249.99        $2.50
//   $250.00 – $499.99        $5.00
//   $500.00 – $999.99       $10.00
//   $1,000.00 – $2,499.99   $25.00
//   $2,500.00 – $4,999.99   $50.00
//   $5,000.00 and up       $100.00

/** One band of the table: from `fromCents` (inclusive) up to the next band's start. */
export interface BidIncrementBand {
  readonly fromCents: number;
  readonly incrementCents: number;
}

/** eBay's US increment table, ascending by `fromCents`; the first band starts at 0. */
export const BID_INCREMENT_TABLE: readonly BidIncrementBand[] = [
  { fromCents: 0, incrementCents: 5 },
  { fromCents: 100, incrementCents: 25 },
  { fromCents: 500, incrementCents: 50 },
  { fromCents: 2_500, incrementCents: 100 },
  { fromCents: 10_000, incrementCents: 250 },
  { fromCents: 25_000, incrementCents: 500 },
  { fromCents: 50_000, incrementCents: 1_000 },
  { fromCents: 100_000, incrementCents: 2_500 },
  { fromCents: 250_000, incrementCents: 5_000 },
  { fromCents: 500_000, incrementCents: 10_000 },
];

/** The increment that applies at `priceCents` (a non-negative integer). */
export function bidIncrementCents(priceCents: number): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) {
    throw new RangeError(`A price must be a non-negative integer of cents: ${priceCents}`);
  }
  let increment = BID_INCREMENT_TABLE[0]!.incrementCents;
  for (const band of BID_INCREMENT_TABLE) {
    if (priceCents < band.fromCents) break;
    increment = band.incrementCents;
  }
  return increment;
}

/** What the minimum next bid depends on: the starting bid, and the current bid once there is one. */
export interface BiddableAuction {
  readonly startingBidCents: number;
  /** null until the first bid is accepted. */
  readonly currentBidCents: number | null;
}

/** The lowest amount a new bidder may bid: the starting bid, then the current bid plus one increment. */
export function minimumNextBidCents(auction: BiddableAuction): number {
  if (auction.currentBidCents === null) return auction.startingBidCents;
  return auction.currentBidCents + bidIncrementCents(auction.currentBidCents);
}
