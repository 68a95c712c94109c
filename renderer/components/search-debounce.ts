/** A search (a table's, the command palette's) is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 500;
