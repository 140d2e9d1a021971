import { articleTarget } from '../articles/workflow-target';
import type { WorkflowTarget } from '../workflow/engine';
import { videoWorkflowTarget } from '../videos/workflow-target';

/**
 * Every content type the workflow serves (server/workflow/engine.ts), listed here rather than
 * registered when some routes module happens to load: the scheduler, the review queue and the
 * workbench read this list, in this order. Each type's target lives in its own domain folder
 * (server/articles/workflow-target.ts, server/videos/workflow-target.ts), so the workflow imports none.
 */

export const WORKFLOW_TARGETS: readonly WorkflowTarget[] = [articleTarget, videoWorkflowTarget];

export function workflowTarget(type: string): WorkflowTarget | undefined {
  return WORKFLOW_TARGETS.find((t) => t.type === type);
}

export function workflowTargets(): WorkflowTarget[] {
  return [...WORKFLOW_TARGETS];
}
