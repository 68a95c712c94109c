// What an auction-integrity case says about its ring: the suspects its detector named (in the
// case's details, written by the trust-safety module), read defensively since details are free JSON.
export interface CaseSuspect {
  id: string;
  name: string | null;
  score: number | null;
}

export function suspectsOf(details: Record<string, unknown> | null): CaseSuspect[] {
  const listed = details?.['suspects'];
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { bidderId, bidderName, score } = entry as Record<string, unknown>;
    if (typeof bidderId !== 'string') return [];
    return [
      {
        id: bidderId,
        name: typeof bidderName === 'string' ? bidderName : null,
        score: typeof score === 'number' ? score : null,
      },
    ];
  });
}

/** The account whose ring the case shows: its subject user, else its first suspect. */
export function ringAccountOf(subjectUserId: string | null, suspects: readonly CaseSuspect[]): string | null {
  return subjectUserId ?? suspects[0]?.id ?? null;
}
