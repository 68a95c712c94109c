// What a listing needs before it can go on sale. A draft may lack any of it; creating a listing
// directly, creating in bulk and publishing a draft all refuse one that does.
import type { ListingType } from '../../../../shared/contract/enums.js';

export interface ListingTerms {
  title: string;
  listingType: ListingType;
  priceCents: number | null;
  startingBidCents: number | null;
}

export interface ListingProblem {
  /** The create-listing payload's field. */
  field: 'title' | 'price' | 'startingBid';
  message: string;
}

/** Everything that keeps `terms` from going on sale, in field order; empty when it may. */
export function listingProblems(terms: ListingTerms): ListingProblem[] {
  const problems: ListingProblem[] = [];
  if (terms.title.trim() === '') problems.push({ field: 'title', message: 'a listing needs a title' });
  if (terms.listingType === 'default' && terms.priceCents === null) {
    problems.push({ field: 'price', message: 'a buy-now listing needs a price' });
  }
  if (terms.listingType === 'auction') {
    if (terms.startingBidCents === null) {
      problems.push({ field: 'startingBid', message: 'an auction needs a starting bid' });
    } else if (terms.startingBidCents < 1) {
      problems.push({ field: 'startingBid', message: 'must be at least 0.01' });
    }
  }
  return problems;
}

/** `prefix/field: message; …` — the validation message style of the API's 400s. */
export function problemsText(prefix: string, problems: readonly ListingProblem[]): string {
  return problems.map((problem) => `${prefix}${problem.field}: ${problem.message}`).join('; ');
}
