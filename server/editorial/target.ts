import type { Context } from 'hono';
import type { z } from 'zod';
import type { DbOrTx } from '../db/types';
import type { EditorialResource } from '../db/schema';
import type { AppEnv, SessionUser } from '../http/types';
import type { WorkflowTarget } from '../workflow/engine';

/** What the lock and revision routes need to know of a resource (articles, short videos). */
export interface EditorialTarget {
  resource: EditorialResource;
  /** 文章 / 短视频 */
  label: string;
  /** Routes that may read it (and see its revisions and locks). */
  readRoutes: string[];
  /** Routes that may edit some of it (lock, restore); `mayEdit` decides per record. */
  editRoutes: string[];
  /** The list screen's route (who may ask which records are locked). */
  listRoutes: string[];
  /** The record, when it exists and is in the user's data scope. */
  load(
    db: DbOrTx,
    user: SessionUser,
    id: number,
  ): Promise<(Record<string, unknown> & { id: number; version: number; title: string; status: number }) | undefined>;
  /**
   * The save's validation of the editable fields: a restore is a save, and a revision may hold an
   * editor's unsaved copy (sent with the lock's heartbeat, checked for shape and size only), so
   * what it puts back passes the same rules as a PUT (issue: security review of the content routes).
   */
  patchSchema: z.ZodType<Record<string, unknown>>;
  /**
   * The unsaved copy the lock's heartbeat carries (`draft.fields`): shape and size only, as typed,
   * by the same rules as the article autosave's copy (issue 14, F1: it was stored unchecked and
   * later diffed).
   */
  copySchema: z.ZodType<Record<string, unknown>>;
  /** Its workflow: who may change it while it is live (issue 14, F7: the lock follows the save's rule). */
  workflow: WorkflowTarget;
  /** Whether this user may edit this record (e.g. holds the route of its kind). */
  mayEdit(user: SessionUser, row: Record<string, unknown>): boolean;
  /** The record a save answers (the API description's schema: lib/resources/schemas/). */
  record: z.ZodType;
  /** A version-checked, lock-checked save (a restore is a save). */
  save(
    c: Context<AppEnv>,
    input: { id: number; version: number; patch: Record<string, unknown>; lockToken?: string; revision: { kind: 'restore'; note: string } },
  ): Promise<unknown>;
}
