// The catalogue: categories and their subcategories (migration 0001).
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { columnCheck, createdAt, fkey, uuidId } from './columns.js';

export const categories = pgTable('categories', {
  id: uuidId(),
  title: text('title').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  image: text('image'),
  createdAt: createdAt(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: uuidId(),
    categoryId: text('category_id').notNull(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    image: text('image'),
    minPackageWeightInOz: doublePrecision('min_package_weight_in_oz').notNull().default(12),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('subcategories', t.categoryId, categories.id),
    columnCheck('subcategories', 'min_package_weight_in_oz', sql`min_package_weight_in_oz > 0`),
    index('subcategories_weight_idx').on(t.minPackageWeightInOz),
    index('subcategories_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export type CategoryRecord = typeof categories.$inferSelect;
export type SubcategoryRecord = typeof subcategories.$inferSelect;
