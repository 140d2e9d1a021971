'use client';

import type { ArticleKind } from '@/lib/resources/articles';
import { ArticleEditor } from './article-editor';

/**
 * The editor screen as a page mounts it. The pieces of later issues plug in here: the edit-lock
 * banner (`banner`) and the revisions drawer (`drawer`).
 */
export function ArticleEditorScreen({ kind }: { kind: ArticleKind }) {
  return <ArticleEditor kind={kind} />;
}
