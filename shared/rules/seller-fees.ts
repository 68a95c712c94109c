// The fee the market keeps of a seller's sale, in whole percents: the default, and the range an
// admin chooses from (the user drawer's menu, the admin API's validation).

export const DEFAULT_SELLER_FEE = 7;
export const SELLER_FEE_MIN = 0;
export const SELLER_FEE_MAX = 25;
/** The whole percents an admin can choose a seller fee from: 0, 1, … 25. */
export const SELLER_FEE_CHOICES: readonly number[] = Array.from(
  { length: SELLER_FEE_MAX - SELLER_FEE_MIN + 1 },
  (_, i) => SELLER_FEE_MIN + i,
);
