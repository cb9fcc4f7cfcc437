import type { Module } from "#shared/schemas/module.ts";
import type { ModuleRow } from "./module-access.ts";

/** A module as a member sees it (no endpoint, secret, notes or template). */
export function moduleView(row: ModuleRow, category: string | null): Module {
  return {
    _id: row.id,
    _creationTime: row.createdAt.getTime(),
    slug: row.slug,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    category,
    icon: row.icon,
    kind: row.kind,
    estimatedTimeMinutes: row.estimatedTimeMinutes,
    inputs: row.inputs,
    updatedAt: row.updatedAt.getTime(),
  };
}
