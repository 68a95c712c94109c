// The catalogue the buyer app browses and the listing form picks from:
// active categories and subcategories in their `sort` order, and the non-empty ones: those with
// at least one listing on sale now (`onSale`).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import type {
  CatalogueCategories,
  CatalogueSubcategories,
  CatalogueSubcategory,
} from '../../../shared/contract/market/catalogue.js';
import { onSale, type SectionContext } from './public-sections.js';
import { categories, subcategories } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

const CATEGORY_ROW = sqlRow(categories, 'id', 'title', 'is_active', 'sort', 'image', 'created_at');
const SUBCATEGORY_ROW = sqlRow(
  subcategories,
  'id',
  'category_id',
  'title',
  'is_active',
  'sort',
  'image',
  'min_package_weight_in_oz',
  'created_at',
).extend({ category_title: sqlColumn(categories, 'title') });
type CategoryRow = z.output<typeof CATEGORY_ROW>;
type SubcategoryRow = z.output<typeof SUBCATEGORY_ROW>;

const subcategoryOf = (row: SubcategoryRow): CatalogueSubcategory => ({
  id: row.id,
  categoryId: row.category_id,
  title: row.title,
  isActive: row.is_active,
  sort: row.sort,
  image: row.image,
  minPackageWeightInOz: Number(row.min_package_weight_in_oz),
  createdAt: isoOf(row.created_at),
  category: { id: row.category_id, title: row.category_title },
});

const categoryOf = (row: CategoryRow, itsSubcategories: CatalogueSubcategory[]) => ({
  id: row.id,
  title: row.title,
  isActive: row.is_active,
  sort: row.sort,
  image: row.image,
  createdAt: isoOf(row.created_at),
  subcategories: itsSubcategories,
});

export interface SubcategoryFilter {
  categoryId?: string | undefined;
  /** Only subcategories with a listing on sale now. */
  nonEmpty?: SectionContext | undefined;
}

/** Active subcategories of active categories, by category order then their own `sort`. */
export async function listSubcategories(db: Executor, filter: SubcategoryFilter = {}): Promise<CatalogueSubcategories> {
  const conditions = [sql`sc.is_active`, sql`c.is_active`];
  if (filter.categoryId !== undefined) conditions.push(sql`sc.category_id = ${filter.categoryId}`);
  if (filter.nonEmpty) {
    conditions.push(sql`EXISTS (SELECT 1 FROM listings l JOIN users u ON u.id = l.user_id
                                 WHERE l.subcategory_id = sc.id AND ${onSale(filter.nonEmpty)})`);
  }
  const rows = await readRows(
    db,
    SUBCATEGORY_ROW,
    sql`SELECT sc.id, sc.category_id, c.title AS category_title, sc.title, sc.is_active, sc.sort, sc.image,
               sc.min_package_weight_in_oz, sc.created_at
          FROM subcategories sc JOIN categories c ON c.id = sc.category_id
         WHERE ${sql.join(conditions, sql` AND `)}
         ORDER BY c.sort, c.title, c.id, sc.sort, sc.title, sc.id`,
  );
  const items = rows.map(subcategoryOf);
  return { count: items.length, items };
}

/**
 * Active categories by `sort`, each with its active subcategories. `nonEmpty` keeps the
 * categories with a listing on sale now; `onlyNonEmptySubcategories` also drops their empty
 * subcategories (`/subCategory/grouped-non-empty`), where `/category/non-empty` keeps them all.
 */
export async function listCategories(
  db: Executor,
  options: { nonEmpty?: SectionContext; onlyNonEmptySubcategories?: boolean } = {},
): Promise<CatalogueCategories> {
  const activeCategories = await readRows(
    db,
    CATEGORY_ROW,
    sql`SELECT id, title, is_active, sort, image, created_at FROM categories WHERE is_active ORDER BY sort, title, id`,
  );
  const all = (await listSubcategories(db)).items;
  const nonEmpty = options.nonEmpty ? (await listSubcategories(db, { nonEmpty: options.nonEmpty })).items : all;
  const shown = options.onlyNonEmptySubcategories ? nonEmpty : all;
  const nonEmptyCategories = new Set(nonEmpty.map((subcategory) => subcategory.categoryId));
  const items = activeCategories
    .filter((category) => nonEmptyCategories.has(category.id) || !options.nonEmpty)
    .map((category) =>
      categoryOf(
        category,
        shown.filter((subcategory) => subcategory.categoryId === category.id),
      ),
    );
  return { count: items.length, items };
}
