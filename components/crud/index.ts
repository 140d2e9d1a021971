/**
 * The generic list/form pieces a resource screen is built from. Each works alone; a screen composes
 * them and replaces whichever one it needs to. @see STYLE §2
 */
export { useResourceList } from './use-resource-list';
export { applyPatch, useLocalListQuery, useUrlListQuery, type ListQuery, type ListQueryState } from './use-list-query';
export { ResourceFilters, TYPING_DELAY_MS, type ResourceFiltersProps } from './resource-filters';
export { clearPatch, filterParams, isFiltered, rangeToQuery, type QueryPatch } from './list-query';
export { columnsFrom, DATE_COLUMN_WIDTH, DateTimeCell, EllipsisText, formatDateTime, linkColumn, optionLabel, thumbColumn } from './columns';
export { actionsColumn, RowActions, type ActionsColumnOptions, type RowAction } from './row-actions';
export { emptyText, listEmptyText } from './empty';
export { mendTableAccessibility, useTableMending } from './table-a11y';
export { ResourceTable, type ResourceTableProps } from './resource-table';
export {
  ResourceList,
  ResourceListPage,
  type ResourceListPageProps,
  type ResourceListProps,
  ResourceListTable,
  useResourceScreen,
  type ResourceListTableProps,
  type ResourceScreenOptions,
  type ScreenRow,
} from './use-resource-screen';
export { TabbedResourceListPage, type TabbedResourceListPageProps } from './tabbed-list-page';
export { useResourceDialog, type ResourceDialogOptions } from './use-resource-dialog';
export { useRowWrites } from './row-writes';
export { GroupListCard, groupListOptions } from './group-list';
export {
  ResourceFormModal,
  createDefaults,
  fieldInput,
  focusFirstField,
  formFields,
  rulesFor,
  withEmptyValues,
  type FieldInputOptions,
  type ResourceFormModalProps,
} from './resource-form';
export { SortableTable, moveId, type SortableTableProps } from './sortable-table';
export { siblingMoves, SortableTree, useTreeRows, type SortableTreeProps } from './sortable-tree';
export {
  confirmLeave,
  hasUnsavedChanges,
  LEAVE_TEXT,
  LEAVE_TEXT_COPY_KEPT,
  leaveText,
  setLeaveConfirmer,
  useDialogHistory,
  useLeaveDialog,
  useUnsavedChanges,
  type UnsavedOptions,
} from './unsaved-changes';
export { DataScopeNote } from './data-scope-note';
export { clearable } from './clearable';
export { InUseLinks, inUseLinkText, useInUseRefusals } from './in-use-refusal';
export { LazyDateRangeInput, LazyDateTimeInput } from './lazy-date-range';
