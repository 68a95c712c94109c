// The back office's subcategories: the list, and the minimum package weight (logged).
import { sql, type SQL } from 'drizzle-orm';
import type { Subcategory } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Executor } from '../../platform/db/database.js';
import { listPage, type AdminList, type SortColumn } from '../../platform/db/admin-list.js';
import { notFound } from '../../platform/http/errors.js';
import type { Db } from '../../platform/db/database.js';
import { categories, subcategories } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';
import type { z } from 'zod';

const SUBCATEGORY_ROW = sqlRow(subcategories, 'id', 'title', 'min_package_weight_in_oz', 'category_id').extend({
  category_title: sqlColumn(categories, 'title'),
});
type SubcategoryRow = z.output<typeof SUBCATEGORY_ROW>;

const SORT_KEYS: Record<(ListQuery<'subcategories'>['sortBy'] & string) | 'createdAt', SortColumn> = {
  minPackageWeightInOz: { column: sql`sc.min_package_weight_in_oz` },
  createdAt: { column: sql`sc.created_at` },
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
  const [row] = await readRows(executor, SUBCATEGORY_ROW, selectSubcategories(sql`WHERE sc.id = ${id}`, sql``));
  if (!row) throw notFound('Subcategory');
  return toSubcategory(row);
}

/** The subcategories table: every subcategory with its category, searched by title. */
export const subcategoriesSource: AdminList<
  Omit<ListQuery<'subcategories'>, 'page' | 'limit'>,
  SubcategoryRow,
  Subcategory
> = {
  table: 'subcategories',
  alias: 'sc',
  search: { by: 'or', places: [{ text: 'title' }] },
  sortKeys: SORT_KEYS,
  defaultSort: 'createdAt',
  // A few dozen rows: counted (capped) every time, no kept total.
  total: 'capped',
  select: selectSubcategories,
  row: SUBCATEGORY_ROW,
  items: (_db, rows) => rows.map(toSubcategory),
};

/** `GET /admin/subCategory`: every subcategory with its category, searched by title. */
export async function listAdminSubcategories(db: Executor, query: ListQuery<'subcategories'>) {
  return listPage(db, subcategoriesSource, query);
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
