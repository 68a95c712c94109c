// Which index finds a search term (migration 0040). A trigram index finds a term with a run of
// three letters or digits (pg_trgm cuts text into words of letters and digits, and a shorter run
// gives it no trigram: it would read the whole index). Any other term, "e", "an" or "a.b", is
// found through the short-gram index: the rows holding every one- or two-character piece of it.

/** Three letters or digits in a row: what gives pg_trgm at least one trigram to look up. */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;

/**
 * The short grams a row must hold to contain `term` (its character for a one-character term,
 * else each pair of neighbouring characters), or null when a trigram index finds it. Lowercased
 * by the database, as the index is (`lower(…)`), so that both sides fold case the same way.
 */
export function shortGramsOf(term: string): string[] | null {
  if (TRIGRAM_RUN.test(term)) return null;
  const characters = [...term];
  if (characters.length === 1) return characters;
  return [...new Set(characters.slice(1).map((character, i) => characters[i]! + character))];
}
