// The admin's derived seller status of a user.

export type SellerStatus = 'Pending request' | 'Accepted' | 'Disabled seller' | 'Not a seller';

export interface SellerFacts {
  pendingRequest: unknown;
  sellerEnabled: boolean;
  /** The payout (connected) account id. */
  stripeUserId: string | null;
}

export function sellerStatusOf(user: SellerFacts): SellerStatus {
  if (user.pendingRequest) return 'Pending request';
  if (user.sellerEnabled) return 'Accepted';
  if (user.stripeUserId) return 'Disabled seller';
  return 'Not a seller';
}

/** Enable/Disable Seller, Seller Fee and the feature toggle exist only with a payout account. */
export function hasPayoutAccount(user: Pick<SellerFacts, 'stripeUserId'>): boolean {
  return Boolean(user.stripeUserId);
}
