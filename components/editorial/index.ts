/**
 * Editorial safety pieces for the editor screens (DESIGN §8, issue 8): the edit lock hook and its
 * banner, the revisions drawer with its diff view. Saves carry `lock.token` as `lockToken`.
 */
export { useEditLock, type EditLock, type EditLockState } from './use-edit-lock';
export { LockBanner } from './lock-banner';
export { RevisionsDrawer, type RevisionsDrawerProps } from './revisions-drawer';
export { DiffText, FieldChange } from './diff-view';
