import { z } from 'zod';
import { PageQuerySchema, sortSchema } from './pagination';
import { IsoDateTimeSchema, text } from './primitives';

/** A project, or a subproject when `parentId` is set. */
export const ProjectSchema = z.object({
  id: z.uuid(),
  name: text().min(1).max(120),
  parentId: z.uuid().nullable(),
  createdAt: IsoDateTimeSchema,
  clientInfo: text().max(2000).nullable(),
  logoUrl: text().max(2000).nullable(),
  supportEmail: z.email().nullable(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** The projects list: by name, `sort=-name` for Z to A. */
export const ProjectListQuerySchema = PageQuerySchema.extend({
  sort: sortSchema('name').optional(),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

/**
 * The demo projects seeded on first start, fixed so the simulator can place devices in them: the
 * first demo project ('Demo city') with its subproject ('Old town'), and a second top-level project
 * ('North districts') whose devices a member of the first cannot see.
 */
export const DEMO_PROJECT_ID = '00000000-0000-4000-8000-000000000001';
export const DEMO_SUBPROJECT_ID = '00000000-0000-4000-8000-000000000002';
export const DEMO_NORTH_PROJECT_ID = '00000000-0000-4000-8000-000000000003';
