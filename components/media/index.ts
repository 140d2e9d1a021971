/**
 * The library pieces every screen reuses: the upload queue, the library grid (and table) and screen, the
 * preview, the edit dialog, the picker dialog and the cover field. @see issue 6
 */
export { UploadQueue, PARALLEL_UPLOADS, type UploadQueueProps, type QueueEntry } from './upload-queue';
export { MediaLibrary, type MediaLibraryProps } from './media-library';
export { MediaGrid, MediaPickGrid, GRID_PAGE_SIZE, useMediaList, type MediaGridProps } from './media-grid';
export { MediaPreview } from './media-preview';
export { MediaEditModal } from './media-edit';
export { MediaPickerModal, type MediaPickerModalProps, type PickedMedia } from './picker-modal';
export { CoverInput } from './cover-input';
export { LibraryTagScreen } from './library-tag-screen';
