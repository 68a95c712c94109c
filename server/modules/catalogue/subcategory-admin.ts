// The back office's subcategories: the list, and the minimum package weight (logged).
import { sql, type SQL } from 'drizzle-orm';
import type { Subcategory } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { searchPattern, whereAll, listPage, type ListSource } from '../../platform/db/list-sql.js';
import { notFound } from '../../platform/http/errors.js';
import type { Db } from '../../platform/db/database.js';
import type { categories, subcategories } from '../../platform/db/schema/index.js';
import type { SqlColumn, SqlRow } from '../../platform/db/sql-row.js';

type SubcategoryRow = SqlRow<typeof subcategories, 'id' | 'title' | 'min_package_weight_in_oz' | 'category_id'> & {
  category_title: SqlColumn<typeof categories, 'title'>;
};

const SORT_COLUMNS: Record<(ListQuery<'subcategories'>['sortBy'] & string) | 'createdAt', SQL> = {
  minPackageWeightInOz: sql`sc.min_package_weight_in_oz`,
  createdAt: sql`sc.created_at`,
};

function selectSubcategories(where: SQL, tail: SQL): SQL {
  return sql`
    SELECT sc.id, sc.title, sc.min_package_weight_in_oz, c.id AS category_id, c.title AS category_title
    FROM subcategories sc JOIN categories c ON c.id = sc.category_id
    ${where} ${tail}`;
}

function toSubcategory(row: SubcategoryRow): Subcategory {
  return {
    id: row.id,
    title: row.title,
    minPackageWeightInOz: Number(row.min_package_weight_in_oz),
    category: { id: row.category_id, title: row.category_title },
  };
}

async function loadSubcategory(executor: Executor, id: string): Promise<Subcategory> {
  const [row] = await queryRows<SubcategoryRow>(executor, selectSubcategories(sql`WHERE sc.id = ${id}`, sql``));
  if (!row) throw notFound('Subcategory');
  return toSubcategory(row);
}

/** The subcategories table as SQL: every subcategory with its category, searched by title. */
export function subcategoriesSource(
  query: Omit<ListQuery<'subcategories'>, 'page' | 'limit'>,
): ListSource<SubcategoryRow, Subcategory> {
  const pattern = searchPattern(query.search);
  const where = whereAll([pattern ? sql`sc.title ILIKE ${pattern}` : null]);
  return {
    from: sql`subcategories sc`,
    where,
    select: selectSubcategories,
    sortColumn: SORT_COLUMNS[query.sortBy ?? 'createdAt'],
    idColumn: sql`sc.id`,
    order: query.order,
    // A few dozen rows: counted (capped) every time, no kept total.
    keptTotal: null,
    items: (_db, rows) => rows.map(toSubcategory),
  };
}

/** `GET /admin/subCategory`: every subcategory with its category, searched by title. */
export async function listAdminSubcategories(db: Executor, query: ListQuery<'subcategories'>) {
  return listPage(db, subcategoriesSource(query), query);
}

/** The admin sets a subcategory's minimum package weight (ounces); logged with before and after. */
export async function setMinPackageWeight(
  db: Db,
  id: string,
  minPackageWeightInOz: number,
  admin: Parameters<typeof recordAdminAction>[1]['admin'],
): Promise<Subcategory> {
  return db.transaction(async (tx) => {
    const before = await loadSubcategory(tx, id);
    await tx.execute(sql`UPDATE subcategories SET min_package_weight_in_oz = ${minPackageWeightInOz} WHERE id = ${id}`);
    const after = await loadSubcategory(tx, id);
    await recordAdminAction(tx, {
      admin,
      action: 'setMinPackageWeight',
      recordType: 'subcategory',
      recordId: id,
      before,
      after,
    });
    return after;
  });
}
