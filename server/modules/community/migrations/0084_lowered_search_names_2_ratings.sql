-- Split from 0084_lowered_search_names.sql (the community part): a database that ran that file has this part already.
-- The names a row keeps for its search (`search_names`, 0075–0077) are kept lowered. A search
-- tests them with `search_names LIKE lower('%term%')`, which finds exactly the rows the ILIKE
-- found: ILIKE lowers the text and the pattern, then compares (PostgreSQL's like.c). Lowering is
-- what a row's test cost: at a million users, ILIKE read 40,000 auction messages' names in 54 ms,
-- LIKE in 16 ms, and the scan alone took 11. A common term's count tests thousands of rows to
-- prove its cap ("deal": 4,200 auction messages), a mid-frequency one tens of thousands. The
-- trigram indexes answer LIKE as they answered ILIKE (they keep their trigrams lowered).
--
-- The functions that make the names (every trigger of 0075–0077 and the bulk fills call them)
-- lower them from now on; the rows already there are lowered in one rewrite of each table, which
-- keeps the rows in their order and leaves no dead half behind (an UPDATE of every row would).

CREATE OR REPLACE FUNCTION rating_search_names(seller text, buyer text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(E'\x1F', s.user_name, s.email, b.user_name, b.email))
    FROM (SELECT) AS one
    LEFT JOIN users s ON s.id = seller
    LEFT JOIN users b ON b.id = buyer
$$;

CREATE OR REPLACE FUNCTION fill_rating_search_names() RETURNS void
LANGUAGE sql SET work_mem = '256MB' AS $$
  UPDATE ratings r SET search_names = named.names
    FROM (SELECT n.id, lower(concat_ws(E'\x1F', s.user_name, s.email, b.user_name, b.email)) AS names
            FROM ratings n LEFT JOIN users s ON s.id = n.seller_id LEFT JOIN users b ON b.id = n.buyer_id) AS named
   WHERE named.id = r.id AND r.search_names IS DISTINCT FROM named.names
$$;

-- A rewrite, not an UPDATE: the USING expression makes PostgreSQL write each table anew and
-- rebuild its indexes, under the lock a migration holds anyway.
ALTER TABLE ratings ALTER COLUMN search_names TYPE text USING lower(search_names);
ANALYZE ratings;
